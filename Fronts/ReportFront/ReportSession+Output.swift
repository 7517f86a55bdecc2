import Foundation
import FrontKit
import ReduxVM
import RssCore
import TerminalText

extension ReportSession {
    /// The report of `articles`: new marks, counts, and the order the flags ask for.
    func makeReport(sources: [Source], articles: [ArticleSnapshot], record: FetchMonitor.Record) -> Report {
        let state = store.state
        let names = Dictionary(uniqueKeysWithValues: state.sources.all.map { ($0.id, Text.line($0.title)) })
        let order = Dictionary(uniqueKeysWithValues: state.sources.all.enumerated().map { ($1.id, $0) })
        var items = articles.map { article in
            ReportItem(
                article, sourceName: names[article.sourceID] ?? "",
                isNew: record.results[article.sourceID] != nil && article.firstSeen >= startedAt)
        }
        let oldestFirst = options.oldestFirst
        let bySource = options.bySource
        items.sort { a, b in
            if bySource, a.sourceID != b.sourceID {
                return order[a.sourceID, default: 0] < order[b.sourceID, default: 0]
            }
            if a.date != b.date { return oldestFirst ? a.date < b.date : a.date > b.date }
            if a.sourceID != b.sourceID { return order[a.sourceID, default: 0] < order[b.sourceID, default: 0] }
            if a.title != b.title { return a.title < b.title }
            if a.link != b.link { return a.link < b.link }
            return a.id.uuidString < b.id.uuidString
        }
        let reportSources = sources.map { source in
            ReportSource(
                id: source.id, name: Text.line(source.title), url: Text.line(FeedAddress.display(source.url)),
                isEnabled: source.isEnabled, fetch: record.results[source.id],
                newCount: record.newBySource[source.id] ?? 0, unreadCount: state.counts.unread(in: source.id),
                lastSuccess: source.status.lastSuccess, lastError: source.status.lastError.map { Text.line(ProblemText.fetch($0)) },
                schedule: ScheduleSummary(source, in: state))
        }
        return Report(
            now: options.now, sources: reportSources, items: items,
            newCount: reportSources.reduce(0) { $0 + $1.newCount },
            unreadCount: reportSources.reduce(0) { $0 + $1.unreadCount })
    }

    /// Writes the report in the chosen format; with `--quiet`, an empty plain report writes nothing.
    func write(_ report: Report) {
        let environment = ProcessInfo.processInfo.environment
        let text: String
        switch options.format {
        case .plain:
            if options.quiet && report.items.isEmpty { return }
            let stream = TerminalStream.standardOutput
            let renderer = PlainRenderer(
                width: stream.columns(environment: environment),
                styler: stream.isTerminal ? Styler(for: stream, environment: environment) : .plain,
                calendar: calendar)
            text = renderer.render(report)
        case .tsv:
            text = TSVRenderer().render(report)
        case .json:
            text = JSONRenderer().render(report)
        }
        StandardStreams.out(text)
    }
}
