import Foundation
import ReduxVM
import RssCore
import Synchronization
import TerminalText

/// One run: open the store, add this run's sources, refresh, read the articles, write the report, mark them
/// read; status lines go to standard error as fetches finish.
final class ReportSession: Sendable {
    let options: ReportOptions
    let store: Store<RssState>
    let monitor: FetchMonitor
    let calendar = LocalTime.calendar
    private let trap: SignalTrap
    /// The user's page size while the run reads with larger pages.
    private let originalPageSize = Mutex<Int?>(nil)
    /// The page size the run reads with (RssCore's largest).
    static let readingPageSize = 500
    /// When the run began by the real clock (`--now` may fix the report's time): articles first stored since
    /// then are this run's new ones.
    let startedAt = Date()
    /// How long a stop may take once a signal came, before the process ends regardless.
    static let gracePeriod: TimeInterval = 5

    /// Opens the database; a database that cannot be opened is a ``ReportFailure``.
    init(options: ReportOptions) throws(ReportFailure) {
        self.options = options
        do {
            store = try RssStore.make(RssConfiguration(database: options.database, refreshesPeriodically: false))
        } catch {
            throw ReportFailure(status: ReportExit.cannotRead, message: error.description)
        }
        monitor = FetchMonitor(quiet: options.quiet, calendar: calendar)
        let store = self.store
        trap = SignalTrap { signal in
            store.dispatch(CancelRefresh())
            // A fetch stuck in a blocking read cannot see the cancellation; every write is a transaction, so
            // ending the process after a grace period still leaves the database sound.
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { _exit(128 + signal) }
        }
    }

    /// Runs to the end and returns the exit status; messages are already printed.
    func run() async -> Int32 {
        await store.idle()
        store.subscribe(monitor)
        let status: Int32
        do {
            status = try await body()
        } catch let failure as ReportFailure {
            StandardStreams.error(failure.message)
            status = failure.status
        } catch let interrupted as ReportInterrupted {
            StandardStreams.err("rss-report: stopped by signal \(interrupted.signal); nothing was marked read")
            status = ReportExit.interrupted(by: interrupted.signal)
        } catch {
            StandardStreams.error("\(error)")
            status = ReportExit.internalFailure
        }
        await restorePageSize()
        return status
    }

    private func body() async throws -> Int32 {
        try checkStarted()
        let opmlURLs = try options.opmlFiles.flatMap { file throws(ReportFailure) in try Self.feedURLs(in: file) }
        let runURLs = Set(options.urls + opmlURLs)
        var named = resolve(options.sourceNames)
        if runURLs.isEmpty, let missing = named.missing.first {
            throw ReportFailure.usage("no source named \(Text.line(missing))")
        }

        // Which existing sources this run refreshes.
        let refreshTargets = !options.refresh ? [] : store.state.sources.all.filter { source in
            if !options.sourceNames.isEmpty { return named.ids.contains(source.id) || runURLs.contains(source.url) }
            return runURLs.isEmpty || runURLs.contains(source.url)
        }
        // Sources of this run: added (and fetched at once by RssCore) when not followed yet.
        let followed = Set(store.state.sources.all.map(\.url))
        var adding = Set<URL>()
        for url in options.urls where !followed.contains(url) && adding.insert(url).inserted {
            store.dispatch(AddSource(url: url, date: options.now))
        }
        for file in options.opmlFiles {
            store.dispatch(ImportOPML(file: file, date: options.now))
        }
        await store.idle()
        try trap.check()
        try checkProblems()
        if !named.missing.isEmpty {
            named = resolve(options.sourceNames)
            if let missing = named.missing.first {
                throw ReportFailure.usage("no source named \(Text.line(missing))")
            }
        }

        // Refresh what this run's additions did not fetch already.
        let fetched = Set(monitor.snapshot.results.keys)
        let toFetch = refreshTargets.filter { $0.isEnabled && !fetched.contains($0.id) }.map(\.id)
        for source in refreshTargets where !source.isEnabled && !options.quiet {
            StandardStreams.err(StatusWord.disabledLine(name: StatusWord.name(of: source)))
        }
        try await holdForTests()
        if !toFetch.isEmpty {
            store.dispatch(Refresh(sourceIDs: toFetch))
            await store.idle()
        }
        try trap.check()
        try checkProblems()

        // Read and report: the named sources, else this run's sources, else all.
        let all = store.state.sources.all
        let reportSources: [Source]
        let scoped: Bool
        if !options.sourceNames.isEmpty {
            reportSources = all.filter { named.ids.contains($0.id) }
            scoped = true
        } else if !runURLs.isEmpty {
            // By address, or by having been fetched in this run: a feed that moved (301) during the run has a
            // new address and is still one of this run's sources.
            let fetchedNow = Set(monitor.snapshot.results.keys)
            reportSources = all.filter { runURLs.contains($0.url) || fetchedNow.contains($0.id) }
            scoped = true
        } else {
            reportSources = all
            scoped = false
        }
        try await usePageSize()
        let rows = try await collector.rows(articleQuery(sources: scoped ? reportSources.map(\.id) : nil))
        try trap.check()
        // Before writing: a reader that stops early (`| head`) ends the process with SIGPIPE.
        await restorePageSize()
        let record = monitor.snapshot
        let report = makeReport(sources: reportSources, rows: rows, record: record)
        write(report)

        if options.markRead {
            try trap.check()
            let ids = report.items.filter { !$0.isRead }.map(\.id)
            if !ids.isEmpty {
                store.dispatch(SetRead(ids: ids, isRead: true))
                await store.idle()
            }
        }
        try checkProblems()
        return exitStatus(record)
    }

    /// Test hook: waits `RSS_REPORT_TEST_HOLD_BEFORE_REFRESH` seconds (or until a signal) before refreshing,
    /// so that end-to-end tests can signal a run at a known point.
    private func holdForTests() async throws(ReportInterrupted) {
        guard let text = ProcessInfo.processInfo.environment["RSS_REPORT_TEST_HOLD_BEFORE_REFRESH"],
            let seconds = Double(text)
        else { return }
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            try trap.check()
            try? await Task.sleep(for: .milliseconds(50))  // cancelled: the loop's next check decides
        }
    }

    private var collector: ArticleCollector { ArticleCollector(store: store, trap: trap) }

    private func articleQuery(sources: [UUID]?) -> ArticleCollector.Query {
        ArticleCollector.Query(
            sources: sources, marks: options.unread ? .unread : options.starred ? .starred : .all,
            since: options.since?.start(relativeTo: options.now), limit: options.limit)
    }

    /// Large pages, so that a long report takes few reads; the run puts the user's page size back once the
    /// articles are read.
    private func usePageSize() async throws(ReportFailure) {
        guard store.state.settings.pageSize != Self.readingPageSize else { return }
        originalPageSize.withLock { $0 = $0 ?? store.state.settings.pageSize }
        store.dispatch(ChangeSetting(.pageSize(Self.readingPageSize), date: options.now))
        await store.idle()
    }

    /// Puts the user's page size back, if the run changed it.
    private func restorePageSize() async {
        guard
            let size = originalPageSize.withLock({ value in
                defer { value = nil }; return value
            })
        else { return }
        store.dispatch(ChangeSetting(.pageSize(size), date: options.now))
        await store.idle()
    }

    private func checkStarted() throws(ReportFailure) {
        guard store.state.isStarted else {
            let reason = store.state.notices.items.last { $0.kind == .error }?.text
            throw ReportFailure(
                status: ReportExit.cannotRead, message: "cannot read the database" + (reason.map { ": \($0)" } ?? ""))
        }
    }

    /// Storage or file failures seen so far end the run.
    private func checkProblems() throws(ReportFailure) {
        if let problem = monitor.snapshot.problems.first {
            let isFile = problem.hasPrefix("cannot read ") || problem.hasPrefix("cannot import ")
            throw ReportFailure(status: isFile ? ReportExit.cannotRead : ReportExit.internalFailure, message: problem)
        }
    }

    /// The sources `names` refer to (as the REPL matches names, else by the name a report shows, which has
    /// the title's control codes taken out), and the names that match none.
    private func resolve(_ names: [String]) -> (ids: Set<UUID>, missing: [String]) {
        var ids = Set<UUID>()
        var missing: [String] = []
        let sources = store.state.sources
        for name in names {
            let shown = sources.all.first { StatusWord.name(of: $0).lowercased() == name.lowercased() }
            if let source = sources.named(name) ?? shown { ids.insert(source.id) } else { missing.append(name) }
        }
        return (ids, missing)
    }

    private static func feedURLs(in file: URL) throws(ReportFailure) -> [URL] {
        do {
            return try OPMLSubscriptionList.feedURLs(in: file)
        } catch {
            throw ReportFailure(status: ReportExit.cannotRead, message: error.description)
        }
    }

    private func exitStatus(_ record: FetchMonitor.Record) -> Int32 {
        let results = record.results.values
        let failed = results.filter { if case .failed = $0 { true } else { false } }.count
        if failed == 0 { return ReportExit.success }
        return failed == results.count ? ReportExit.allFailed : ReportExit.someFailed
    }
}
