import Foundation
@_spi(Benchmarks) import RssCore

// RssCore on large databases (the targets are in issues 4 and 14).
//
//   rsscore-bench [articles 100000] [sources 200] [runs 5]
//       one database: start a store with the first page of both lists in state, mark an article read and see it
//       in both lists, searches, the counts read again, the query API, resident memory
//   rsscore-bench growth [runs 5] [sources 200] [sizes 10000,100000,1000000]
//       the same for each size, one child process per size, as one table (docs/storage.md keeps the latest)
//   rsscore-bench cold-refresh [feeds 500] [items 20] [base articles 100000, or a filled database's PATH] [rounds 5]
//       CPU per stored article when a refresh stores new items (merge, indexes, search index)
//   rsscore-bench compare BASELINE-BINARY BASELINE-DB DB ARTICLES ROUNDS [BASELINE-REFRESH-DB REFRESH-DB]
//       another build (main's code, say) against this one, rounds interleaved, each build on its own database
//       (filled with 200 sources by its own `fill`); with the last two, a cold refresh's storage too (500
//       feeds × 20 items into a copy of each)
//   rsscore-bench cold-refresh-measure BASE-DB FEEDS ITEMS ROUND
//       one cold-refresh round of each kind of items, printing tab-separated records (what compare reads)
//   rsscore-bench fill PATH ARTICLES SOURCES [now]
//       fills a database (the other modes do it in a child process, so that memory figures are the reader's)
//       (with `now`, stored at the time of the run, as the sync benchmark wants it)
//   rsscore-bench measure PATH ARTICLES SOURCES RUNS
//       measures a filled database, printing tab-separated records (what growth reads)
//   rsscore-bench link-stories PATH EVERY
//       makes every EVERY-th article of a filled database a copy of the article before it (another source's):
//       a library where one article in EVERY is a story another source brought first

let arguments = Array(CommandLine.arguments.dropFirst())
func number(_ index: Int, default value: Int) -> Int {
    arguments.count > index ? Int(arguments[index]) ?? value : value
}

switch arguments.first {
case "fill":
    guard arguments.count == 4 || arguments.count == 5 && arguments[4] == "now" else {
        fatalError("usage: rsscore-bench fill PATH ARTICLES SOURCES [now]")
    }
    try BenchmarkFill.fill(
        path: arguments[1], articles: number(2, default: 100_000), sources: number(3, default: 200),
        storedNow: arguments.count == 5)
case "measure":
    guard arguments.count == 5 else { fatalError("usage: rsscore-bench measure PATH ARTICLES SOURCES RUNS") }
    let series = try await measureReader(
        database: URL(fileURLWithPath: arguments[1]), articles: number(2, default: 100_000),
        sources: number(3, default: 200), runs: number(4, default: 5))
    for one in series { print(one.record) }
case "link-stories":
    guard arguments.count == 3 else { fatalError("usage: rsscore-bench link-stories PATH EVERY") }
    let copies = try BenchmarkSupport.linkSyntheticStories(
        at: URL(fileURLWithPath: arguments[1]), every: number(2, default: 50))
    print("linked \(copies) copies")
case "growth":
    let sizes = arguments.count > 3 ? arguments[3].split(separator: ",").compactMap { Int($0) } : [10_000, 100_000, 1_000_000]
    try GrowthTable.run(sizes: sizes, sources: number(2, default: 200), runs: number(1, default: 5))
case "cold-refresh":
    let base = arguments.count > 3 ? arguments[3] : "100000"
    try await ColdRefreshBenchmark.run(
        feeds: number(1, default: 500), items: number(2, default: 20), base: Int(base) ?? 0,
        basePath: Int(base) == nil ? base : nil, rounds: number(4, default: 5))
case "cold-refresh-measure":
    guard arguments.count == 5 else { fatalError("usage: rsscore-bench cold-refresh-measure BASE-DB FEEDS ITEMS ROUND") }
    let folder = try benchmarkFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let series = try await ColdRefreshBenchmark.measure(
        base: URL(fileURLWithPath: arguments[1]), feeds: number(2, default: 500), items: number(3, default: 20),
        round: number(4, default: 0), in: folder)
    for one in series { print(one.record) }
case "compare":
    guard arguments.count == 6 || arguments.count == 8 else {
        fatalError("usage: rsscore-bench compare BASELINE-BINARY BASELINE-DB DB ARTICLES ROUNDS [BASELINE-REFRESH-DB REFRESH-DB]")
    }
    let refresh = arguments.count == 8 ? (arguments[6], arguments[7]) : nil
    try Comparison.run(
        builds: [
            Comparison.Build(name: "baseline", executable: arguments[1], database: arguments[2], coldRefreshBase: refresh?.0),
            Comparison.Build(name: "this build", executable: CommandLine.arguments[0], database: arguments[3], coldRefreshBase: refresh?.1),
        ],
        articles: number(4, default: 1_000_000), sources: 200, rounds: number(5, default: 5), feeds: 500, items: 20)
default:
    let articles = number(0, default: 100_000)
    let sources = number(1, default: 200)
    let runs = number(2, default: 5)
    let folder = try benchmarkFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("bench.sqlite")
    let fillMs = try fill(url, articles: articles, sources: sources)
    print("RssCore benchmark: \(articles) articles in \(sources) sources (filled in \(Int(fillMs)) ms), \(runs) runs, median")
    for series in try await measureReader(database: url, articles: articles, sources: sources, runs: runs) {
        print(series.line)
    }
}
