import Foundation
import ReduxVM
@_spi(Benchmarks) import RssCore

// RssCore on a large database: 100,000 articles in 200 sources (the targets are in issue 4): start a store and
// have the first page of a list in state; mark an article read and see it in both lists; a full-text search;
// the query API (`store.articles`, `store.articleCount`: what rss-report reads with), with filters of the filter
// language; resident memory.
// Usage: rsscore-bench [articles, default 100000] [sources, default 200] [runs, default 5]
// The database is filled by a child process (`rsscore-bench fill PATH ARTICLES SOURCES`), so that the memory
// figure is the reader's own and not the filler's.

if CommandLine.arguments.count == 5, CommandLine.arguments[1] == "fill" {
    let url = URL(fileURLWithPath: CommandLine.arguments[2])
    try BenchmarkSupport.fillSyntheticDatabase(
        at: url, sources: Int(CommandLine.arguments[4]) ?? 200, articles: Int(CommandLine.arguments[3]) ?? 100_000)
    exit(0)
}

let arguments = CommandLine.arguments.dropFirst()
let articleCount = arguments.first.flatMap(Int.init) ?? 100_000
let sourceCount = arguments.dropFirst().first.flatMap(Int.init) ?? 200
let runs = arguments.dropFirst(2).first.flatMap(Int.init) ?? 5

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) * 1e-15
}

func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return .nan }
    return kilobytes / 1_024
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Runs `work` once: its result and its time in milliseconds.
func timed<T>(_ work: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let result = try await work()
    return (result, milliseconds(ContinuousClock.now - start))
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rsscore-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let databaseURL = folder.appendingPathComponent("bench.sqlite")

let clock = ContinuousClock()
let fillStart = clock.now
let filler = Process()
filler.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
filler.arguments = ["fill", databaseURL.path, String(articleCount), String(sourceCount)]
try filler.run()
filler.waitUntilExit()
guard filler.terminationStatus == 0 else { fatalError("filling the database failed") }
print("RssCore benchmark: \(articleCount) articles in \(sourceCount) sources (filled in \(Int(milliseconds(clock.now - fillStart))) ms), \(runs) runs, median")

var startTimes: [Double] = []
var markTimes: [Double] = []
var markStoredTimes: [Double] = []
var searchTimes: [Double] = []
var broadSearchTimes: [Double] = []
var firstUnreadTimes: [Double] = []
var unreadCountTimes: [Double] = []
var perSourceTimes: [Double] = []
var broadQueryTimes: [Double] = []
var filterFirstTimes: [Double] = []
var filterPatternTimes: [Double] = []
var filterContentTimes: [Double] = []
var memory: [Double] = []

for run in 0..<runs {
    let start = clock.now
    let store = try RssStore.make(RssConfiguration(database: .file(databaseURL)))
    await store.idle()
    startTimes.append(milliseconds(clock.now - start))
    guard store.state.lists.first.rows.count == store.state.settings.pageSize else {
        fatalError("the first page was not loaded")
    }

    let row = store.state.lists.first.rows[run % store.state.lists.first.rows.count]
    let markStart = clock.now
    store.dispatch(SetRead(ids: [row.id], isRead: !row.isRead))
    await store.processed()
    markTimes.append(milliseconds(clock.now - markStart))
    let state = store.state
    guard state.lists.first.rows.first(where: { $0.id == row.id })?.isRead == !row.isRead,
        state.lists.second.rows.first(where: { $0.id == row.id })?.isRead == !row.isRead
    else { fatalError("the mark did not show in both lists") }
    await store.idle()
    markStoredTimes.append(milliseconds(clock.now - markStart))

    let searchStart = clock.now
    store.dispatch(SearchArticles(list: .second, text: "topic\(100 + run)"))
    await store.idle()
    searchTimes.append(milliseconds(clock.now - searchStart))
    guard store.state.lists.second.totalCount == articleCount / 1_000 else { fatalError("search found \(store.state.lists.second.totalCount)") }

    let broadStart = clock.now
    store.dispatch(SearchArticles(list: .second, text: "quasar"))
    await store.idle()
    broadSearchTimes.append(milliseconds(clock.now - broadStart))

    // The query API, on the same open store: it reads in the database lane, touching no list.
    let (firstUnread, firstUnreadTime) = try await timed {
        try await store.articles(ArticleQuery(isRead: false, limit: 50))
    }
    firstUnreadTimes.append(firstUnreadTime)
    guard firstUnread.count == 50, firstUnread.allSatisfy({ !$0.isRead }) else {
        fatalError("first unread: \(firstUnread.count)")
    }
    let (unreadCount, unreadCountTime) = try await timed { try await store.articleCount(ArticleQuery(isRead: false)) }
    unreadCountTimes.append(unreadCountTime)
    guard unreadCount == store.state.counts.unread else {
        fatalError("unread count \(unreadCount), state says \(store.state.counts.unread)")
    }
    let (perSource, perSourceTime) = try await timed { try await store.articles(ArticleQuery(limitPerSource: 5)) }
    perSourceTimes.append(perSourceTime)
    guard perSource.count == sourceCount * min(5, articleCount / sourceCount) else {
        fatalError("per source: \(perSource.count)")
    }
    let (broadQuery, broadQueryTime) = try await timed {
        try await store.articles(ArticleQuery(searchText: "quasar", limit: 50))
    }
    broadQueryTimes.append(broadQueryTime)
    guard broadQuery.count == 50 else { fatalError("broad query: \(broadQuery.count)") }

    // Filters (the filter language): a page that stops early, then two that read every article (a count),
    // one through a pattern, one through the articles' text.
    var filtered = ArticleQuery(limit: 50)
    filtered.filter = try ArticleFilter("unread and title contains swift and not title contains linux")
    let (firstFiltered, firstFilteredTime) = try await timed { try await store.articles(filtered) }
    filterFirstTimes.append(firstFilteredTime)
    guard firstFiltered.count == 50 else { fatalError("filtered first page: \(firstFiltered.count)") }
    var pattern = ArticleQuery()
    pattern.filter = try ArticleFilter(#"title ~ "^(swift|linux) \w+ (server|kernel)\b""#)
    let (_, patternTime) = try await timed { try await store.articleCount(pattern) }
    filterPatternTimes.append(patternTime)
    var content = ArticleQuery()
    content.filter = try ArticleFilter("content contains marmalade")
    let (_, contentTime) = try await timed { try await store.articleCount(content) }
    filterContentTimes.append(contentTime)
    memory.append(residentMegabytes())
}

/// One line: the median, the target, then the range over the runs (min–max).
func show(_ name: String, _ values: [Double], unit: String = "ms", target: String) {
    let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    let range = String(format: "%.1f–%.1f", values.min() ?? .nan, values.max() ?? .nan)
    print("\(padded) \(String(format: "%8.1f", median(values))) \(unit)   (target \(target))   range \(range)")
}

show("start a store, first page of both lists in state", startTimes, target: "< 100 ms")
show("mark read, shown in both lists", markTimes, target: "< 10 ms")
show("mark read, written to the database", markStoredTimes, target: "-")
show("search (selective word, 0.1% of articles)", searchTimes, target: "< 50 ms")
show("search (common word)", broadSearchTimes, target: "< 50 ms")
show("query: first 50 unread", firstUnreadTimes, target: "-")
show("query: count of unread", unreadCountTimes, target: "-")
show("query: newest 5 per source, all sources", perSourceTimes, target: "-")
show("query: common word, first 50", broadQueryTimes, target: "-")
show("filter: unread, title contains, first 50", filterFirstTimes, target: "-")
show("filter: title ~ pattern, count of all", filterPatternTimes, target: "-")
show("filter: content contains, count of all", filterContentTimes, target: "-")
show("resident memory after the runs", memory, unit: "MB", target: "< 100 MB")
