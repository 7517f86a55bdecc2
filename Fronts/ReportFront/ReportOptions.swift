import Foundation
import FrontKit
import Logging
import ReduxVM
import RssCore

/// The command line, checked and resolved: what one run does.
struct ReportOptions: Sendable {
    var database: RssConfiguration.Database = .standard
    var refresh = false
    /// With `refresh`: fetch the sources whether due or backing off (`--force`).
    var force = false
    var opmlFiles: [URL] = []
    var urls: [URL] = []
    var since: Since?
    /// `--filter`, parsed; its `age` is measured from ``now``.
    var filter: ArticleFilter?
    /// `--query`: the name of a saved query, resolved once the database is read.
    var queryName: String?
    var unread = false
    var starred = false
    var sourceNames: [String] = []
    /// Only the sources filed under one of these tags (`--tag`, repeatable).
    var tags: [String] = []
    var limit: Int?
    var format: ReportFormat = .plain
    var markRead = false
    var quiet = false
    var oldestFirst = false
    var bySource = false
    /// Give the report's articles their pages' full text first, and show each article's text (`--full-text`).
    var fullText = false
    /// Copy the database here instead of reporting (`--backup`).
    var backup: URL?
    /// Records the run's actions (`--journal`), closed when the run ends.
    var journal: ActionJournal<RssState>?
    /// Logs the run (`--log`, `--log-file`).
    var logger: Logger?
    /// The time the run takes as now (tests fix it).
    var now = Date()

    /// Parses a `--filter` argument; a mistake is bad usage, said with its column.
    static func filter(_ text: String) throws(ReportFailure) -> ArticleFilter {
        do throws(FilterProblem) {
            return try ArticleFilter(text)
        } catch {
            throw .usage("--filter: \(ProblemText.filter(error))")
        }
    }

    /// Turns a `--url` argument into a feed address: a URL with a scheme, or a path to a local file.
    static func feedURL(_ argument: String) throws(ReportFailure) -> URL {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let url: URL
        if text.contains("://") {
            guard let parsed = URL(string: text) else { throw .usage("not a URL: \(Text.line(text))") }
            url = parsed
        } else if !text.isEmpty, !text.contains(":") || text.hasPrefix("/") || text.hasPrefix(".") {
            url = URL(fileURLWithPath: text)
        } else {
            throw .usage("not a URL: \(Text.line(text)) (use http, https or file, or a path)")
        }
        switch FeedAddress.validated(url) {
        case .success(let valid): return valid
        case .failure(let refusal): throw .usage("cannot add \(FeedAddress.display(url)): \(refusal)")
        }
    }
}
