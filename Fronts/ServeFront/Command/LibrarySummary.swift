import Foundation
import FrontKit
import ReduxVM
import RssCore
import ServeCore

/// What `rss-serve user list` says of a library: its size on disk and its sources, read as another front would
/// (beside a running server).
struct LibrarySummary: Sendable {
    /// The bytes of the database and its write-ahead log; nil when the library was not made yet.
    let bytes: Int64?
    /// Its sources, or the problem that kept them from being read.
    let sources: Result<Int, RssProblem>?

    /// The summary of the library in `file`; a file not made yet is not created.
    static func read(_ file: URL) async -> LibrarySummary {
        let sizes = ["", "-wal"].compactMap { suffix in
            (try? FileManager.default.attributesOfItem(atPath: file.path + suffix))?[.size] as? NSNumber  // absent: no size
        }
        guard !sizes.isEmpty else { return LibrarySummary(bytes: nil, sources: nil) }
        let bytes = sizes.reduce(Int64(0)) { $0 + $1.int64Value }
        do throws(RssProblem) {
            let store = try RssStore.make(RssConfiguration(database: .file(file)))
            await store.idle()
            let count = store.state.sources.all.count
            try await store.closeDatabase()
            return LibrarySummary(bytes: bytes, sources: .success(count))
        } catch {
            return LibrarySummary(bytes: bytes, sources: .failure(error))
        }
    }

    /// The size, as `1.2 MB`; `-` before the library is made.
    var sizeText: String {
        bytes.map { ByteCountFormatter.string(fromByteCount: $0, countStyle: .file) } ?? "-"
    }

    /// `12 sources`, or why they could not be read.
    var sourcesText: String {
        switch sources {
        case nil: "0 sources"
        case .success(let count)?: "\(count) source\(count == 1 ? "" : "s")"
        case .failure(let problem)?: ProblemText.message(problem, sources: SourcesState())
        }
    }
}

/// How the commands name a library.
enum LibraryText {
    /// `main`, or the library's file.
    static func describe(_ path: String?) -> String {
        path.map { UserMessage.line($0) } ?? "main"
    }
}
