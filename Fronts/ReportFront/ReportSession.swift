import Foundation
import FrontKit
import ReduxVM
import RssCore
import Synchronization
import TerminalText

/// One run: open the store, add this run's sources, refresh, read the articles (with RssCore's query API,
/// which touches no list and no setting), write the report, mark them read; status lines go to standard
/// error as fetches finish.
final class ReportSession: Sendable {
    let options: ReportOptions
    let store: Store<RssState>
    let monitor: FetchMonitor
    let calendar = LocalTime.calendar
    let trap: SignalTrap
    /// When the run began by the real clock (`--now` may fix the report's time): articles first stored since
    /// then are this run's new ones.
    let startedAt = Date()
    /// How long a stop may take once a signal came, before the process ends regardless.
    static let gracePeriod: TimeInterval = 5
    /// Articles marked read per action with `--mark-read`.
    static let markBatch = 10_000

    /// Opens the database; a database that cannot be opened is a ``ReportFailure``.
    init(options: ReportOptions) throws(ReportFailure) {
        self.options = options
        do {
            store = try RssStore.make(
                RssConfiguration(
                    database: options.database, refreshesPeriodically: false, journal: options.journal,
                    logger: options.logger))
        } catch {
            throw ReportFailure(
                status: ExitStatus.status(for: error), message: ProblemText.message(error, sources: SourcesState()))
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
            status = ExitStatus.interrupted(by: interrupted.signal)
        } catch {
            StandardStreams.error("\(error)")
            status = ExitStatus.internalFailure
        }
        return finishJournal(await closeDatabase(status))
    }

    /// Leaves the database file complete on its own (the write-ahead log merged into it when no other process
    /// is using it); a failure there fails a run that had succeeded.
    private func closeDatabase(_ status: Int32) async -> Int32 {
        do throws(RssProblem) {
            try await store.closeDatabase()
            return status
        } catch {
            StandardStreams.error(ProblemText.message(error, sources: store.state.sources))
            return status == ExitStatus.success ? ExitStatus.status(for: error) : status
        }
    }

    /// Closes the journal once everything the run started is recorded; a journal that could not be written
    /// turns a successful run into a failure to create it.
    private func finishJournal(_ status: Int32) -> Int32 {
        guard let journal = options.journal else { return status }
        journal.close()
        guard let failure = journal.failure else { return status }
        StandardStreams.error(failure.description)
        return status == ExitStatus.success ? ExitStatus.cannotCreate : status
    }

    private func body() async throws -> Int32 {
        try checkStarted()
        // A saved query that does not exist is bad usage, said before anything is fetched.
        let filter = try runFilter()
        if let backup = options.backup {
            do throws(RssProblem) {
                try await store.backUpDatabase(to: backup)
            } catch {
                throw ReportFailure(
                    status: ExitStatus.status(for: error), message: ProblemText.message(error, sources: store.state.sources))
            }
            StandardStreams.err("rss-report: backed up the database to \(Text.line(backup.path))")
            return ExitStatus.success
        }
        let opmlURLs = try options.opmlFiles.flatMap { file throws(ReportFailure) in try Self.feedURLs(in: file) }
        let discovered = await discoverFeeds()
        let runURLs = Set(options.urls.map { discovered[$0] ?? $0 } + opmlURLs)
        var named = resolve(options.sourceNames)
        if runURLs.isEmpty, let missing = named.missing.first {
            throw ReportFailure.usage("no source named \(Text.line(missing))")
        }

        // Which existing sources this run refreshes.
        var refreshTargets = !options.refresh ? [] : store.state.sources.all.filter { source in
            if !options.sourceNames.isEmpty { return named.ids.contains(source.id) || runURLs.contains(source.url) }
            return runURLs.isEmpty || runURLs.contains(source.url)
        }
        // Sources of this run: added (and fetched at once by RssCore) when not followed yet.
        let followed = Set(store.state.sources.all.map(\.url))
        var adding = Set<URL>()
        for url in options.urls where url.isFileURL && !followed.contains(url) && adding.insert(url).inserted {
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

        let tags = wantedTags()
        try checkTags(tags)
        // A page's feed followed already (a page given again on a later run) is fetched, as an added one is.
        let targets = Set(refreshTargets.map(\.id))
        let rediscovered = store.state.sources.all.filter {
            Set(discovered.values).contains($0.url) && !targets.contains($0.id)
        }
        refreshTargets = (refreshTargets + rediscovered).filter { isTagged($0, tags) }

        // Refresh what this run's additions did not fetch already.
        let fetched = Set(monitor.snapshot.results.keys)
        let toFetch = refreshTargets.filter { $0.isEnabled && !fetched.contains($0.id) }.map(\.id)
        for source in refreshTargets where !source.isEnabled && !options.quiet {
            StandardStreams.err(
                StatusWord.disabledLine(name: SourceName.of(source), isGone: source.status.lastError?.httpStatus == 410))
        }
        try await holdForTests()
        if !toFetch.isEmpty {
            store.dispatch(Refresh(sourceIDs: toFetch, onlyIfDue: !options.force))
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
        let query = articleQuery(sources: scoped ? Set(reportSources.map(\.id)) : nil, tags: tags, filter: filter)
        if options.fullText {
            try await fetchFullTexts(query)
            try trap.check()
        }
        let record = monitor.snapshot
        let unreadShown = try await writeReport(
            sources: reportSources.filter { isTagged($0, tags) },
            query: query, record: record)

        if options.markRead {
            try trap.check()
            // In batches, so that no action holds every id of a large report; a failed batch ends the run,
            // the batches before it stay marked (their articles were reported).
            for start in stride(from: 0, to: unreadShown.count, by: Self.markBatch) {
                store.dispatch(SetRead(ids: Array(unreadShown[start..<min(start + Self.markBatch, unreadShown.count)]), isRead: true))
                await store.idle()
                try checkProblems()
            }
        }
        try checkProblems()
        return exitStatus(record)
    }

    /// Test hook of debug builds (release builds have none, as with RssCore's `StorageFaults`): holds the run
    /// before its refresh, so that end-to-end tests can act at a known point: for
    /// `RSS_REPORT_TEST_HOLD_BEFORE_REFRESH` seconds, or, when it names a file, for as long as that file exists
    /// (the test removes it to let the run go on, however slow the machine); a signal ends the hold either way.
    private func holdForTests() async throws(ReportInterrupted) {
        #if DEBUG
            guard let text = ProcessInfo.processInfo.environment["RSS_REPORT_TEST_HOLD_BEFORE_REFRESH"] else { return }
            let holds: () -> Bool
            if let seconds = Double(text) {
                let end = Date().addingTimeInterval(seconds)
                holds = { Date() < end }
            } else if text.hasPrefix("/") {
                holds = { FileManager.default.fileExists(atPath: text) }
            } else {
                return
            }
            // Said once the signal handlers are in place, so that a test signals a run that is ready for it.
            StandardStreams.err("rss-report: test hold: \(text) before the refresh")
            while holds() {
                try trap.check()
                try? await Task.sleep(for: .milliseconds(50))  // cancelled: the loop's next check decides
            }
        #endif
    }

    /// What the flags select: the report's sources, the marks asked for, the time since, the limit per
    /// source, the order of dates, the filter (`--filter`, `--query`); the body only for the format that shows it.
    private func articleQuery(sources: Set<UUID>?, tags: Set<String>?, filter: ArticleFilter?) -> ArticleQuery {
        var query = ArticleQuery(
            sourceIDs: sources, tags: tags, isRead: options.unread ? false : nil,
            isStarred: options.starred ? true : nil,
            since: options.since?.start(relativeTo: options.now), order: options.oldestFirst ? .oldestFirst : .newestFirst,
            limitPerSource: options.limit, includesBody: options.format == .tsv || options.fullText)
        query.filter = filter
        query.filter?.now = options.now
        return query
    }

    /// A database that could not be read at start is unreadable input, whatever the operation.
    private func checkStarted() throws(ReportFailure) {
        guard store.state.isStarted else {
            let problem = store.state.notices.items.last { $0.kind == .error }?.problem
            throw ReportFailure(
                status: ExitStatus.cannotRead,
                message: problem.map { ProblemText.message($0, sources: store.state.sources) }
                    ?? "cannot read the database")
        }
    }

    /// Database or file problems seen so far end the run.
    private func checkProblems() throws(ReportFailure) {
        if let problem = monitor.snapshot.problems.first { throw failure(problem) }
    }

    /// The end of the run `problem` means: its one line and its status.
    func failure(_ problem: RssProblem) -> ReportFailure {
        ReportFailure(
            status: ExitStatus.status(for: problem), message: ProblemText.message(problem, sources: store.state.sources))
    }

    /// The sources `names` refer to (as the REPL matches names, else by the name a report shows, which has
    /// the title's control codes taken out), and the names that match none.
    private func resolve(_ names: [String]) -> (ids: Set<UUID>, missing: [String]) {
        var ids = Set<UUID>()
        var missing: [String] = []
        let sources = store.state.sources
        for name in names {
            let shown = sources.all.first { SourceName.of($0).lowercased() == name.lowercased() }
            if let source = sources.named(name) ?? shown { ids.insert(source.id) } else { missing.append(name) }
        }
        return (ids, missing)
    }

    private static func feedURLs(in file: URL) throws(ReportFailure) -> [URL] {
        do {
            return try OPMLSubscriptionList.feedURLs(in: file)
        } catch {
            throw ReportFailure(
                status: ExitStatus.status(for: error), message: ProblemText.message(error, sources: SourcesState()))
        }
    }

    private func exitStatus(_ record: FetchMonitor.Record) -> Int32 {
        let results = record.results.values
        let failed = results.filter { if case .failed = $0 { true } else { false } }.count
        if failed == 0 { return ExitStatus.success }
        return failed == results.count ? ExitStatus.allFailed : ExitStatus.someFailed
    }
}
