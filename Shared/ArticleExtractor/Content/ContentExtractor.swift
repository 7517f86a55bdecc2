/// Finding a page's article: attempts of the candidate search, each on a fresh copy of the page, the rules
/// relaxed one by one while the result is shorter than ``minimumLength`` characters.
///
/// The first attempt removes likely furniture by class and id, weighs candidates by them, and cleans the result
/// conditionally; the next ones give up each of these in turn. When every attempt is short, the longest wins.
/// Nil when no attempt found any text, or when the work budget ran out (the caller tells the two apart).
struct ContentExtractor {
    /// Characters an attempt's text must reach to be taken at once.
    static let minimumLength = 500

    /// The article found: the document it lives in (detached from the page's tree), its container, and the
    /// byline taken out of the page, if any.
    struct Result {
        var document: Document
        var content: Int32
        var byline: String?
    }

    let page: Document
    let title: String
    let lookForByline: Bool

    func extract() -> Result? {
        var byline: String?
        var best: (result: Result, length: Int)?
        var flags = SearchFlags.all
        while true {
            var document = page
            var walk = CandidateWalk(flags: flags, title: title, byline: byline, lookForByline: lookForByline)
            let toScore = walk.run(&document)
            byline = walk.byline
            let content = grab(&document, toScore: toScore, flags: flags)
            if document.budget.isExhausted { return nil }
            let length = document.textLength(content)
            let result = Result(document: document, content: content, byline: byline)
            if length >= Self.minimumLength { return result }
            if best == nil || length > best!.length { best = (result, length) }
            if flags.contains(.stripUnlikely) {
                flags.remove(.stripUnlikely)
            } else if flags.contains(.weightClasses) {
                flags.remove(.weightClasses)
            } else if flags.contains(.cleanConditionally) {
                flags.remove(.cleanConditionally)
            } else {
                guard let best, best.length > 0 else { return nil }
                return best.result
            }
        }
    }

    /// One attempt: scores, the top candidate, its siblings, the cleaning. Returns the article's container.
    private func grab(_ document: inout Document, toScore: [Int32], flags: SearchFlags) -> Int32 {
        let body = document.elements(in: document.root, tag: .body).first ?? document.root
        var scores = CandidateScores()
        let stats = SubtreeStats(document)
        scores.scoreParagraphs(toScore, in: document, stats: stats, flags: flags)
        let ranked = scores.scaleAndRank(in: document, stats: stats)
        let article: Int32
        if let top = TopCandidate.choose(ranked, scores: &scores, in: document, body: body, flags: flags) {
            article = SiblingJoin.gather(top, scores: scores, in: &document)
        } else {
            // No candidate: the whole body, as one block.
            article = document.createElement(.div)
            document.moveChildren(of: body, to: article)
        }
        ArticleCleaning(flags: flags).clean(article, &document)
        return article
    }
}
