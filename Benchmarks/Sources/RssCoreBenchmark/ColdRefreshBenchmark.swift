import Foundation
import RssResources
@_spi(Benchmarks) import RssCore

/// What storing a cold refresh costs per article: `feeds` feeds of `items` new items each, merged as a refresh
/// merges them into a copy of a database already holding `base` articles; CPU time (user + system, every
/// thread) and wall time, per round and per stored article, for each kind of items (the side-by-side
/// benchmark's generated ones, the bundled samples' real ones).
enum ColdRefreshBenchmark {
    /// `basePath`, when given, is a database filled before (`rsscore-bench fill`), so that a profiler records
    /// the merges alone.
    static func run(feeds: Int, items: Int, base: Int, basePath: String?, rounds: Int) async throws {
        let folder = try benchmarkFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseURL = basePath.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("base.sqlite")
        let fillMs = basePath == nil ? try fill(baseURL, articles: base, sources: 200) : 0
        var all: [String: Series] = [:]
        var names: [String] = []
        for round in 0..<rounds {
            for series in try await measure(base: baseURL, feeds: feeds, items: items, round: round, in: folder) {
                if all[series.name] == nil { names.append(series.name) }
                all[series.name, default: Series(series.name, unit: series.unit)].values += series.values
            }
        }
        print("Cold refresh storage: \(feeds) feeds × \(items) new items into \(basePath ?? "\(base) articles") (filled in \(Int(fillMs)) ms), \(rounds) rounds, median")
        for name in names { if let series = all[name] { print(series.line) } }
    }

    /// The kinds of items to measure: all, or those `RSSCORE_BENCH_ITEMS` names (`generated`, `samples`,
    /// comma-separated), so that a profiler records one kind alone.
    static let selectedKinds: Set<ColdRefreshStorage.Items> = {
        guard let names = ProcessInfo.processInfo.environment["RSSCORE_BENCH_ITEMS"] else {
            return Set(ColdRefreshStorage.Items.allCases)
        }
        return Set(names.split(separator: ",").compactMap { ColdRefreshStorage.Items(rawValue: String($0)) })
    }()

    /// One round of each kind of items, each on a fresh copy of the database at `base` made in `folder`.
    static func measure(base: URL, feeds: Int, items: Int, round: Int, in folder: URL) async throws -> [Series] {
        var result: [Series] = []
        for (index, kind) in ColdRefreshStorage.Items.allCases.enumerated() where selectedKinds.contains(kind) {
            let url = folder.appendingPathComponent("round-\(round)-\(kind.rawValue).sqlite")
            try FileManager.default.copyItem(at: base, to: url)
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
            }
            let storage = try ColdRefreshStorage(
                databaseAt: url, items: kind, samples: BundledFeeds.samples, feeds: feeds, itemsPerFeed: items,
                round: round * ColdRefreshStorage.Items.allCases.count + index)
            let cpuBefore = cpuMilliseconds()
            let (stored, wallMs) = try await timed { try await storage.run() }
            let cpuMs = cpuMilliseconds() - cpuBefore
            guard stored == storage.articleCount else { fatalError("stored \(stored) of \(storage.articleCount)") }
            var wall = Series("\(kind.rawValue) items: wall time per round")
            var cpu = Series("\(kind.rawValue) items: CPU time per round")
            var perArticle = Series("\(kind.rawValue) items: CPU per stored article", unit: "µs")
            wall.values.append(wallMs)
            cpu.values.append(cpuMs)
            perArticle.values.append(cpuMs * 1_000 / Double(stored))
            result += [wall, cpu, perArticle]
        }
        return result
    }
}
