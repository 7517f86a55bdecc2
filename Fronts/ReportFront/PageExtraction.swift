import ArticleExtractor
import Foundation
import FrontKit

/// `rss-report --extract [--base URL]`: one page's HTML on standard input, its article on standard output, as
/// plain text (a title line, a blank line, the text) or JSON (the metadata too); no database, no network. A
/// page with no article is a problem on standard error and an exit status (``/FrontKit/ExitStatus``).
struct PageExtraction {
    /// The page's address, which relative links resolve against.
    let base: String?
    let format: ReportFormat

    /// Reads, extracts and writes; returns the exit status.
    func run() -> Int32 {
        let baseURL: URL?
        if let base {
            guard let url = URL(string: base), url.scheme != nil else {
                StandardStreams.error("--base: not a URL: \(Text.line(base))")
                return ExitStatus.usage
            }
            baseURL = url
        } else {
            baseURL = nil
        }
        let extractor = ArticleExtractor()
        // One byte past the limit is enough to know the page is over it: the rest is never read.
        let input = Self.readStandardInput(upTo: extractor.limits.maxInputBytes + 1)
        do throws(ExtractionProblem) {
            let article = try extractor.extract(html: input, url: baseURL)
            StandardStreams.out(format == .json ? Self.json(article) : Self.plain(article))
            return ExitStatus.success
        } catch {
            StandardStreams.error("no article: \(ProblemText.extraction(error))")
            return ExitStatus.status(for: error)
        }
    }

    /// The title line (empty when the page has none), a blank line, the text.
    static func plain(_ article: ExtractedArticle) -> String {
        (article.title ?? "") + "\n\n" + article.text + (article.text.hasSuffix("\n") ? "" : "\n")
    }

    /// The article and its metadata as one JSON object, keys sorted, absent values as `null`.
    static func json(_ article: ExtractedArticle) -> String {
        JSONRenderer.encode(Extracted(article)) + "\n"
    }

    /// What JSON gives of an extracted article.
    struct Extracted: Encodable {
        let title, author, published, leadImage, siteName, excerpt, language: String?
        let charset, text, html: String

        init(_ article: ExtractedArticle) {
            title = article.title
            author = article.author
            published = article.published.map(LocalTime.iso8601)
            leadImage = article.leadImage?.absoluteString
            siteName = article.siteName
            excerpt = article.excerpt
            language = article.language
            charset = article.charset
            text = article.text
            html = article.contentHTML
        }

        enum CodingKeys: String, CodingKey {
            case title, author, published, leadImage, siteName, excerpt, language, charset, text, html
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(author, forKey: .author)
            try container.encode(published, forKey: .published)
            try container.encode(leadImage, forKey: .leadImage)
            try container.encode(siteName, forKey: .siteName)
            try container.encode(excerpt, forKey: .excerpt)
            try container.encode(language, forKey: .language)
            try container.encode(charset, forKey: .charset)
            try container.encode(text, forKey: .text)
            try container.encode(html, forKey: .html)
        }
    }

    /// Standard input, up to `limit` bytes.
    static func readStandardInput(upTo limit: Int) -> Data {
        var data = Data()
        let handle = FileHandle.standardInput
        while data.count < limit {
            let chunk = handle.readData(ofLength: min(1 << 16, limit - data.count))
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }
}
