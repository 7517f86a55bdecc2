import ArticleExtractor
import Foundation

/// Where pages are extracted: the parsing threads (``ParsingQueue``), never the store's executor nor the
/// cooperative pool the fetches share, and one page per core at most, so that pages extracted together never
/// starve the fetches and the store around them.
enum ExtractionQueue {
    /// One slot per core.
    private static let slots = FetchLimiter(
        maximumConcurrent: ProcessInfo.processInfo.activeProcessorCount, maximumPerHost: 1)

    /// The article of `html`, extracted by `extractor` once a core is free; nil when the task was cancelled
    /// while it waited.
    static func extract(
        _ html: Data, url: URL, charset: String?, with extractor: ArticleExtractor
    ) async -> Result<ExtractedArticle, ExtractionProblem>? {
        do {
            try await slots.acquire(host: nil)
        } catch {
            return nil
        }
        defer { slots.release(host: nil) }
        return await ParsingQueue.run {
            Result { () throws(ExtractionProblem) -> ExtractedArticle in
                try extractor.extract(html: html, url: url, declaredCharset: charset)
            }
        }
    }
}
