public import ArgumentParser
import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `rss-report`: refreshes (optionally) and prints a report of the articles, for cron, pipes and mail.
public struct ReportCommand: AsyncParsableCommand {
    /// The command's name, summary, exit statuses and version.
    public static let configuration = CommandConfiguration(
        commandName: "rss-report",
        abstract: "Print a report of your feeds' articles: for cron, pipes and mail.",
        discussion: """
            Without --refresh the report shows what the database holds. Sources given with --url or --opml are \
            added to the database (and fetched at once); a --url that is a web page follows the first feed the \
            page declares (said on standard error). The report covers the --source sources if any are named, \
            else this run's --url and --opml sources if any, else every source; --tag narrows any of these to \
            the sources filed under a tag. --refresh fetches the sources that are due: each source's interval \
            (the refresh interval setting, or its own) lengthened by what its feed and server ask, and a failing \
            source backs off; --force fetches them all. Status lines (OK, 304, SKIP, FAIL) go to standard \
            error, one per source; --quiet keeps only FAIL.

            \(ReportExit.help)
            """,
        version: ProgramVersion.line(program: "rss-report"))

    @OptionGroup var library: LibraryChoice

    @Flag(help: "Fetch the report's sources first: those that are due (not those backing off).")
    var refresh = false

    @Flag(help: "With --refresh, fetch every source of the report, due or not (never a disabled one).")
    var force = false

    @Option(
        name: .customLong("opml"),
        help: ArgumentHelp("Add the feeds of an OPML file and report on them.", valueName: "file"),
        completion: .file(extensions: ["opml", "xml"]))
    var opmlFiles: [String] = []

    @Option(
        name: .customLong("url"), parsing: .upToNextOption,
        help: ArgumentHelp("Add feeds (http, https, file URLs or paths) and report on them.", valueName: "url"))
    var urls: [String] = []

    @Option(
        help: ArgumentHelp(
            "Only articles since a duration ago (90m, 12h, 2d, 1w) or a date (2024-05-01, 2024-05-01T09:30).",
            valueName: "duration|date"))
    var since: Since?

    @Option(
        help: ArgumentHelp(
            "Only articles a filter-language expression selects, e.g. 'unread and (tag = News or title ~ \"^Swift\")' (see docs/filters.md).",
            valueName: "expression"))
    var filter: String?

    @Option(
        help: ArgumentHelp(
            "Only articles a saved query selects (rss-repl's query save NAME EXPR); with --filter, those both select.",
            valueName: "name"))
    var query: String?

    @Flag(help: "Only unread articles.")
    var unread = false

    @Flag(help: "Only starred articles.")
    var starred = false

    @Option(
        name: .customLong("source"), parsing: .upToNextOption,
        help: ArgumentHelp("Only these sources (title or URL, as in the REPL).", valueName: "name"))
    var sourceNames: [String] = []

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp(
            "Only the sources filed under this tag (repeat it for several: any of them).", valueName: "tag"))
    var tags: [String] = []

    // Unconditional: `--limit -1` is a value to refuse with a reason, not a missing value before a flag.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("At most this many articles per source, the newest.", valueName: "n"))
    var limit: Int?

    @Option(help: "Output format.")
    var format: ReportFormat = .plain

    @Flag(help: "Mark the reported articles read.")
    var markRead = false

    @Flag(help: "Status lines only for failures; no plain report when there is nothing to report.")
    var quiet = false

    @Flag(help: "Oldest articles first.")
    var oldestFirst = false

    @Flag(help: "Group the articles by source (in the sources' order).")
    var bySource = false

    @Flag(
        help: """
            Give the report's articles the full text of their web pages first (fetched where needed: no full text \
            stored, a feed that does not carry them whole, no recent lasting failure), and show each article's text.
            """)
    var fullText = false

    @Flag(
        help: """
            Read one web page's HTML on standard input and write its article as plain text on standard output \
            (a title line, a blank line, the text; JSON with --format json): no database, no network.
            """)
    var extract = false

    @Option(
        help: ArgumentHelp(
            "With --extract, the page's address, which its relative links and images resolve against.",
            valueName: "url"))
    var base: String?

    @Option(help: .private)
    var now: String?

    @Option(
        help: ArgumentHelp(
            "Copy the database to this new file, as one consistent snapshot (safe while it is in use), and report nothing.",
            valueName: "file"),
        completion: .file())
    var backup: String?

    @OptionGroup var diagnostics: DiagnosticOptions

    public init() {}

    public func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if force, !refresh { throw ValidationError("--force goes with --refresh") }
        if let now, Since.date(now) == nil { throw ValidationError("--now must be a date") }
        if base != nil, !extract { throw ValidationError("--base goes with --extract") }
        if extract {
            if format == .tsv { throw ValidationError("--extract writes plain text or JSON, not TSV") }
            let others = [
                ("--refresh", refresh), ("--full-text", fullText), ("--mark-read", markRead), ("--url", !urls.isEmpty),
                ("--opml", !opmlFiles.isEmpty), ("--backup", backup != nil), ("--db or --user", library.isGiven),
            ]
            if let other = others.first(where: { $0.1 }) {
                throw ValidationError("--extract reads a page on standard input, not the database: no \(other.0)")
            }
        }
    }

    public func run() async throws {
        if extract {
            let status = PageExtraction(base: base, format: format).run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let status: Int32
        do {
            let session = try ReportSession(options: try options())
            status = await session.run()
        } catch {
            StandardStreams.error(error.message)
            status = error.status
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The checked options of this run.
    func options() throws(ReportFailure) -> ReportOptions {
        var options = ReportOptions()
        do throws(AccountLibraryProblem) {
            options.database = try library.database()
        } catch {
            throw ReportFailure(status: ExitStatus.status(for: error), message: error.description)
        }
        options.refresh = refresh
        options.force = force
        options.opmlFiles = opmlFiles.map { URL(fileURLWithPath: $0) }
        options.urls = try urls.map { argument throws(ReportFailure) in try ReportOptions.feedURL(argument) }
        options.since = since
        options.filter = try filter.map { text throws(ReportFailure) in try ReportOptions.filter(text) }
        options.queryName = query
        options.unread = unread
        options.starred = starred
        options.sourceNames = sourceNames
        options.tags = tags
        options.limit = limit
        options.format = format
        options.markRead = markRead
        options.quiet = quiet
        options.oldestFirst = oldestFirst
        options.bySource = bySource
        options.fullText = fullText
        if let now, let date = Since.date(now) { options.now = date }
        options.backup = backup.map { URL(fileURLWithPath: $0) }
        do throws(JournalError) {
            options.journal = try diagnostics.makeJournal(program: "rss-report")
        } catch {
            throw ReportFailure(status: ExitStatus.status(for: error), message: error.description)
        }
        do throws(FileProblem) {
            options.logger = try diagnostics.makeLogger(program: "rss-report")
        } catch {
            throw ReportFailure(
                status: ExitStatus.cannotCreate,
                message: "cannot write the log \(diagnostics.logFile ?? ""): \(ProblemText.file(error))")
        }
        return options
    }
}

extension ReportCommand {
    /// Parses the process's arguments and runs; exits with the run's status.
    public static func runAsMain() async {
        await main()
    }
}
