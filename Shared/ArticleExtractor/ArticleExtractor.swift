public import Foundation

/// Extracts the main content of a web page, and what its metadata says of it, from the page's HTML.
///
/// HTML in, article out: the extractor fetches nothing, runs no script and knows nothing of feeds. It reads the
/// bytes in the charset the page or its server declares, parses them with Gumbo (an HTML5 parser), finds the
/// block that holds the article by scoring the page's paragraphs into their ancestors (text length and commas,
/// class and id hints, link density, in the manner of Readability), gathers its neighbouring blocks, cleans out
/// what is not the article, and writes it as safe HTML and as plain text.
///
/// ```swift
/// let extractor = ArticleExtractor()
/// let article = try extractor.extract(html: body, url: pageURL, declaredCharset: "utf-8")
/// print(article.title ?? "", article.text)
/// ```
///
/// Every page ends quickly and in bounded memory, hostile ones included, within ``ExtractionLimits``; what
/// cannot be read throws an ``ExtractionProblem``.
public struct ArticleExtractor: Sendable {
    /// The limits each extraction works within.
    public let limits: ExtractionLimits

    /// An extractor working within `limits`.
    public init(limits: ExtractionLimits = .default) {
        self.limits = limits
    }

    /// The article of one page.
    ///
    /// - Parameters:
    ///   - html: the page's bytes, as received.
    ///   - url: the page's address, which relative links and images resolve against (a `<base href>` in the page
    ///     overrides it); nil leaves relative addresses out.
    ///   - declaredCharset: the charset of the server's `Content-Type`, if it named one.
    /// - Returns: the article, its metadata, its content as safe HTML and as text.
    /// - Throws: ``ExtractionProblem`` when the page is empty, not text, over a limit, or holds no article.
    public func extract(html: Data, url: URL?, declaredCharset: String? = nil) throws(ExtractionProblem) -> ExtractedArticle {
        guard html.count <= limits.maxInputBytes else { throw .tooLarge(bytes: html.count, limit: limits.maxInputBytes) }
        let isBinary = html.withUnsafeBytes { BinaryInput.isBinary($0) }
        guard !isBinary else { throw .notText }
        let budget = WorkBudget(limit: limits.timeLimit)
        let decoded = HTMLDecoder.decode(html, declaredCharset: declaredCharset)
        // Read apart, so that the page's bytes need not live to the end for it.
        let charset = decoded.charset
        guard decoded.utf8.contains(where: { $0 > 0x20 }) else { throw .empty }
        let scan = decoded.utf8.withUnsafeBufferPointer { bytes in
            Result { () throws(ExtractionProblem) in try MarkupPrescan.scan(bytes, limits: limits) }
        }
        let input = ParserInput.make(decoded.utf8, try scan.get())
        let markup = StandInWriter.substitute(input)

        // The page's bytes and the parser's input live until the parse is done: freed before it, such large
        // blocks raise glibc's threshold for giving memory back to the system, after which the parser's arena
        // comes from memory kept resident (a fifth more peak memory on the largest pages).
        var parsed = try withExtendedLifetime((decoded, input)) { () throws(ExtractionProblem) in
            try PageParser.parse(markup.bytes, standIns: markup.standIns, limits: limits, budget: budget)
        }
        let metadata = PageMetadata(document: parsed.document, jsonLD: parsed.jsonLD, pageURL: url)
        Preparation.prepare(&parsed.document)
        let search = ContentExtractor(page: parsed.document, title: metadata.title, lookForByline: metadata.author == nil)
        let found = search.extract()
        if budget.isExhausted { throw .timeLimitExceeded(limit: limits.timeLimit) }
        guard let found else { throw .noContent }

        // What is left of a page of links (a front page, an index) is links: no article.
        guard found.document.followableLinkDensity(found.content) <= 0.5 else { throw .noContent }
        let text = PlainTextWriter.write(found.content, in: found.document)
        guard text.contains(where: { !$0.isWhitespace }) else { throw .noContent }
        let contentHTML = SafeHTMLWriter.write(found.content, in: found.document, baseURL: metadata.baseURL)
        return ExtractedArticle(
            title: nonEmpty(metadata.title),
            author: nonEmpty(metadata.author ?? found.byline.map(Self.withoutBy)),
            published: published(metadata, found),
            leadImage: metadata.leadImage.flatMap { URLResolver.image($0, against: metadata.baseURL) }.flatMap(URL.init(string:)),
            siteName: nonEmpty(metadata.siteName),
            excerpt: nonEmpty(metadata.excerpt ?? firstParagraph(found)),
            language: nonEmpty(metadata.language),
            contentHTML: contentHTML,
            text: text,
            charset: charset
        )
    }

    /// A byline from the page without its leading "By " ("By Ada Lovelace" → "Ada Lovelace").
    private static func withoutBy(_ byline: String) -> String {
        let trimmed = byline.trimmingSpaces()
        guard trimmed.count > 3, trimmed.prefix(3).lowercased() == "by " else { return trimmed }
        return String(trimmed.dropFirst(3))
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = TextMeasure.normalized(ControlCharacters.cleaned(text))
        return cleaned.isEmpty ? nil : cleaned
    }

    /// The metadata's date, else the first `<time datetime>` of the article.
    private func published(_ metadata: PageMetadata, _ found: ContentExtractor.Result) -> Date? {
        if let raw = metadata.published, let date = PublishedDate.parse(raw) { return date }
        let document = found.document
        for time in document.elements(in: found.content, tag: .time) {
            if let raw = document.attribute(time, "datetime"), let date = PublishedDate.parse(raw) { return date }
        }
        return nil
    }

    private func firstParagraph(_ found: ContentExtractor.Result) -> String? {
        found.document.elements(in: found.content, tag: .p).first.map { found.document.textContent($0).trimmingSpaces() }
    }
}
