import Foundation
@_spi(Benchmarks) import RssCore

/// `rsscore-bench fill PATH ARTICLES SOURCES`: the synthetic database every mode measures (another engineer's
/// scripts use this command too: keep its arguments).
enum BenchmarkFill {
    static func fill(path: String, articles: Int, sources: Int) throws {
        try BenchmarkSupport.fillSyntheticDatabase(at: URL(fileURLWithPath: path), sources: sources, articles: articles)
    }
}
