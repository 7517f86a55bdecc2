import Foundation
@_spi(Benchmarks) import RssCore

/// `rsscore-bench fill PATH ARTICLES SOURCES [now]`: the synthetic database every mode measures (another
/// engineer's scripts use this command too: keep its arguments); with `now`, stored at the time of the run (the
/// sync benchmark's library, which a client asking for the last three months gets whole).
enum BenchmarkFill {
    static func fill(path: String, articles: Int, sources: Int, storedNow: Bool = false) throws {
        if storedNow {
            try BenchmarkSupport.fillSyntheticDatabase(
                at: URL(fileURLWithPath: path), sources: sources, articles: articles, storedAt: Date())
        } else {
            try BenchmarkSupport.fillSyntheticDatabase(at: URL(fileURLWithPath: path), sources: sources, articles: articles)
        }
    }
}
