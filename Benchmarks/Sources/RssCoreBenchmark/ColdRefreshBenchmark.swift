import Foundation
import RssResources
@_spi(Benchmarks) import RssCore

/// What storing a cold refresh costs per article: `feeds` feeds of `items` new items each (the bundled
/// samples' real items), merged as a refresh merges them into a copy of a database already holding
/// `base` articles; CPU time (user + system, every thread) and wall time, per round and per stored article.
enum ColdRefreshBenchmark {
    /// `basePath`, when given, is a database filled before (`rsscore-bench fill`), so that a profiler records
    /// the merges alone.
    static func run(feeds: Int, items: Int, base: Int, basePath: String?, rounds: Int) async throws {
        let folder = try benchmarkFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseURL = basePath.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("base.sqlite")
        let fillMs = basePath == nil ? try fill(baseURL, articles: base, sources: 200) : 0
        var wall: [ColdRefreshStorage.Items: Series] = [:]
        var cpu: [ColdRefreshStorage.Items: Series] = [:]
        var perArticle: [ColdRefreshStorage.Items: Series] = [:]
        for kind in ColdRefreshStorage.Items.allCases {
            wall[kind] = Series("\(kind.rawValue) items: wall time per round")
            cpu[kind] = Series("\(kind.rawValue) items: CPU time per round")
            perArticle[kind] = Series("\(kind.rawValue) items: CPU per stored article", unit: "µs")
        }
        // Rounds alternate the kinds of items, each on a fresh copy of the base database.
        for run in 0..<(rounds * ColdRefreshStorage.Items.allCases.count) {
            let kind = ColdRefreshStorage.Items.allCases[run % ColdRefreshStorage.Items.allCases.count]
            let url = folder.appendingPathComponent("round-\(run).sqlite")
            try FileManager.default.copyItem(at: baseURL, to: url)
            let storage = try ColdRefreshStorage(
                databaseAt: url, items: kind, samples: BundledFeeds.samples, feeds: feeds, itemsPerFeed: items,
                round: run)
            let cpuBefore = cpuMilliseconds()
            let (stored, wallMs) = try await timed { try await storage.run() }
            let cpuMs = cpuMilliseconds() - cpuBefore
            guard stored == storage.articleCount else { fatalError("stored \(stored) of \(storage.articleCount)") }
            wall[kind]?.values.append(wallMs)
            cpu[kind]?.values.append(cpuMs)
            perArticle[kind]?.values.append(cpuMs * 1_000 / Double(stored))
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        }
        print("Cold refresh storage: \(feeds) feeds × \(items) new items into \(basePath ?? "\(base) articles") (filled in \(Int(fillMs)) ms), \(rounds) rounds, median")
        for kind in ColdRefreshStorage.Items.allCases {
            for series in [wall[kind], cpu[kind], perArticle[kind]].compactMap({ $0 }) { print(series.line) }
        }
    }
}
