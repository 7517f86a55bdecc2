import Foundation

/// The reader's costs as the database grows: for each size, a database is filled and measured by a child
/// process of its own (so that each memory figure is that size's alone), then one table shows the medians
/// side by side, each with its range, and the growth from the smallest size.
enum GrowthTable {
    /// The rows of the table: which measurements, under which heading.
    static let columns: [(heading: String, series: String)] = [
        ("start", "start a store, first page of both lists in state"),
        ("mark written", "mark read, written to the database"),
        ("search, common word", "search (common word), first page and count"),
        ("search, selective word", "search (selective word, 0.1% of articles)"),
        ("counts read again", "counts and lists read again (another process wrote)"),
        ("count of unread (query)", "query: count of unread"),
        ("resident memory", "resident memory after the runs"),
    ]

    static func run(sizes: [Int], sources: Int, runs: Int) throws {
        let folder = try benchmarkFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var results: [(size: Int, fillMs: Double, series: [String: Series])] = []
        for size in sizes {
            let url = folder.appendingPathComponent("growth-\(size).sqlite")
            let fillMs = try fill(url, articles: size, sources: sources)
            let output = try runChild(["measure", url.path, String(size), String(sources), String(runs)])
            let series = output.split(separator: "\n").compactMap(Series.init(record:))
            results.append((size, fillMs, Dictionary(series.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })))
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        }
        print("RssCore growth: \(sources) sources, \(runs) runs per size, median (range min–max), growth from \(sizes.first ?? 0)")
        print("fill: " + results.map { "\($0.size) in \(Int($0.fillMs)) ms" }.joined(separator: ", "))
        let header = ["".padding(toLength: 24, withPad: " ", startingAt: 0)]
            + results.map { "\($0.size) articles".padding(toLength: 30, withPad: " ", startingAt: 0) }
        print(header.joined(separator: " "))
        for (heading, name) in columns {
            var cells = [heading.padding(toLength: 24, withPad: " ", startingAt: 0)]
            let base = results.first?.series[name]?.median ?? .nan
            for result in results {
                guard let series = result.series[name] else { cells.append("-".padding(toLength: 30, withPad: " ", startingAt: 0)); continue }
                let cell = String(format: "%.1f %@ (%@) ×%.1f", series.median, series.unit, series.range, series.median / base)
                cells.append(cell.padding(toLength: 30, withPad: " ", startingAt: 0))
            }
            print(cells.joined(separator: " "))
        }
    }
}
