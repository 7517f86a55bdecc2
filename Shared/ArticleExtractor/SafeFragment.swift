public import Foundation

extension ArticleExtractor {
    /// A piece of HTML (a feed's content or summary, or an article's text) as safe HTML, without looking for an
    /// article in it: the same elements and attributes ``ExtractedArticle/contentHTML`` keeps, every address
    /// absolute against `baseURL` (a `<base href>` in the fragment is dropped, never followed) and of a safe
    /// scheme, no script, no style,
    /// no form, no event handler, no `<base>` or `<meta>`; images and links as `options` say.
    ///
    /// - Parameters:
    ///   - fragment: the HTML, as text.
    ///   - baseURL: the address relative links and images resolve against (the article's link); nil leaves
    ///     relative addresses out.
    ///   - options: how images and links are written (``SafeHTMLOptions/browser`` for a web page).
    /// - Returns: the safe HTML, empty when nothing of the fragment is kept.
    /// - Throws: ``ExtractionProblem`` when the fragment is over a limit.
    public func safeHTML(fragment: String, baseURL: URL?, options: SafeHTMLOptions = .plain) throws(ExtractionProblem) -> String {
        let bytes = Array(fragment.utf8)
        guard bytes.count <= limits.maxInputBytes else { throw .tooLarge(bytes: bytes.count, limit: limits.maxInputBytes) }
        guard bytes.contains(where: { $0 > 0x20 }) else { return "" }
        let budget = WorkBudget(limit: limits.timeLimit)
        let scan = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ExtractionProblem) in try MarkupPrescan.scan(buffer, limits: limits) }
        }
        let input = ParserInput.make(bytes, try scan.get())
        let markup = StandInWriter.substitute(input)
        var parsed = try withExtendedLifetime(input) { () throws(ExtractionProblem) in
            try PageParser.parse(markup.bytes, standIns: markup.standIns, limits: limits, budget: budget)
        }
        if budget.isExhausted { throw .timeLimitExceeded(limit: limits.timeLimit) }
        Preparation.prepare(&parsed.document)
        let document = parsed.document
        let body = document.elements(in: document.root, tag: .body).first ?? document.root
        return SafeHTMLWriter.write(body, in: document, baseURL: baseURL, options: options)
    }
}
