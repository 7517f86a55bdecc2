import Foundation
import FrontKit
import ReduxVM
import RssCore
import Synchronization
import TerminalText

extension ReportSession {
    /// Articles handed over at a time by the query: what memory holds of the report's articles besides the
    /// spool's buffer, whatever their dates (the query's order is the report's, see ``ReportWriter``).
    static let pageSize = 500

    /// Reads the articles `query` selects a page at a time and writes the report of `sources` in the chosen
    /// format: nothing reaches standard output unless the whole report was made. Returns the ids of the unread
    /// articles shown, when `--mark-read` asks for them.
    func writeReport(sources: [Source], query: ArticleQuery, record: FetchMonitor.Record) async throws -> [UUID] {
        let spool = ReportSpool()
        let spoolDirectory = spool.directory
        let writer = ReportWriter(
            renderer: try await renderer(for: query), spool: spool, keepsUnreadIDs: options.markRead,
            makeItem: itemMaker(record: record))
        // By source: one query per source, in the sources' order; else one query for all of them.
        let queries = !options.bySource ? [query] : sources.map { source in
            var one = query
            one.sourceIDs = [source.id]
            return one
        }
        let trap = self.trap
        for query in queries {
            try await read(query) { page in trap.receivedSignal == nil && writer.add(page) }
            try trap.check()
        }
        let reportSources = self.reportSources(sources, record: record)
        let quietAndEmpty = options.quiet && options.format == .plain
        do throws(FileProblem) {
            try writer.finish { count in
                if quietAndEmpty && count == 0 { return nil }
                return ReportSummary(
                    now: options.now, sources: reportSources, articleCount: count,
                    newCount: reportSources.reduce(0) { $0 + $1.newCount },
                    unreadCount: reportSources.reduce(0) { $0 + $1.unreadCount })
            }
        } catch {
            throw ReportFailure(
                status: ExitStatus.cannotCreate,
                message: "cannot write the report's temporary file in \(spoolDirectory): \(ProblemText.file(error))")
        }
        return writer.unreadIDs
    }

    /// The report's view of an article: its source's name, whether this run's fetch stored it, and the other
    /// sources of its story.
    private func itemMaker(record: FetchMonitor.Record) -> @Sendable (ArticleSnapshot) -> ReportItem {
        let names = Dictionary(
            store.state.sources.all.map { ($0.id, Text.line($0.title)) }, uniquingKeysWith: { first, _ in first })
        let fetched = Set(record.results.keys)
        let startedAt = self.startedAt
        return { article in
            ReportItem(
                article, sourceName: names[article.sourceID] ?? "",
                isNew: fetched.contains(article.sourceID) && article.firstSeen >= startedAt,
                alsoIn: article.otherSources.map { names[$0] ?? "" })
        }
    }

    /// The renderer of the chosen format; a plain report for a known width first finds its widest link.
    private func renderer(for query: ArticleQuery) async throws(ReportFailure) -> any ReportRenderer {
        switch options.format {
        case .plain:
            let environment = ProcessInfo.processInfo.environment
            let stream = TerminalStream.standardOutput
            var renderer = PlainRenderer(
                width: stream.columns(environment: environment),
                styler: stream.isTerminal ? Styler(for: stream, environment: environment) : .plain,
                calendar: calendar)
            renderer.showsText = options.fullText
            if renderer.width != nil { renderer.widestLink = try await widestLink(query) }
            return renderer
        case .tsv: return TSVRenderer()
        case .json: return JSONRenderer(includesContent: options.fullText)
        }
    }

    /// The widest link `query` reads, up to ``PlainRenderer/widestLinkShown`` columns (the reading stops
    /// there): a first pass over the links alone, since the title column's width depends on it.
    private func widestLink(_ query: ArticleQuery) async throws(ReportFailure) -> Int {
        final class Widest: Sendable {
            let value = Mutex(0)
        }
        let widest = Widest()
        var light = query
        light.includesBody = false
        try await read(light) { page in
            let inPage = page.lazy.map { ReportItem.link(of: $0).displayWidth }.max() ?? 0
            return widest.value.withLock { value in
                value = max(value, inPage)
                return value < PlainRenderer.widestLinkShown
            }
        }
        return widest.value.withLock { $0 }
    }

    /// The report's sources: names and addresses made safe, this run's fetch, counts.
    private func reportSources(_ sources: [Source], record: FetchMonitor.Record) -> [ReportSource] {
        let state = store.state
        return sources.map { source in
            ReportSource(
                id: source.id, name: Text.line(source.title), url: Text.line(FeedAddress.display(source.url)),
                isEnabled: source.isEnabled, fetch: record.results[source.id],
                newCount: record.newBySource[source.id] ?? 0, unreadCount: state.counts.unread(in: source.id),
                lastSuccess: source.status.lastSuccess,
                lastError: source.status.lastError.map { Text.line(ProblemText.fetch($0)) },
                schedule: ScheduleSummary(source, in: state))
        }
    }

    /// Reads `query` a page at a time into `eachPage`; a database failure ends the run.
    private func read(
        _ query: ArticleQuery, eachPage: @escaping @Sendable ([ArticleSnapshot]) -> Bool
    ) async throws(ReportFailure) {
        do {
            try await store.articles(query, pageSize: Self.pageSize, eachPage: eachPage)
        } catch {
            throw failure(error)
        }
    }
}
