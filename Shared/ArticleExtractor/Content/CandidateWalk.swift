/// The first pass of an attempt: one walk over the page that removes what cannot be the article and collects
/// the elements to score.
///
/// On the way it removes hidden elements and dialogs, takes the byline out (keeping its text), removes the
/// first heading that repeats the title, and, unless relaxed, elements whose class or id reads like
/// furniture. A `<div>` holding only inline content becomes a paragraph, and inline runs inside a `<div>` of
/// blocks are wrapped in paragraphs, so that text written without `<p>` is scored like text written with.
struct CandidateWalk {
    let flags: SearchFlags
    let title: String
    /// The byline found so far (by an earlier attempt, or the metadata, which makes the search skip it).
    var byline: String?
    let lookForByline: Bool
    /// The title's words, found once for all the headings compared with it.
    private lazy var titleWords = Set(TextSimilarity.words(title))

    init(flags: SearchFlags, title: String, byline: String?, lookForByline: Bool) {
        self.flags = flags
        self.title = title
        self.byline = byline
        self.lookForByline = lookForByline
    }

    /// Walks `document` from its root, returning the elements to score in document order.
    mutating func run(_ document: inout Document) -> [Int32] {
        var toScore: [Int32] = []
        var removeTitleHeading = true
        let scope = document.root
        var node = document.followingElement(scope, within: scope)
        while node >= 0 {
            if document.budget.isExhausted { return toScore }
            let tag = document.tag(node)
            if document.isHidden(node)
                || (document.attribute(node, "aria-modal") == "true" && document.attribute(node, "role") == "dialog") {
                node = document.removeAndFollow(node, within: scope)
                continue
            }
            let matchString = document.classAndID(node)
            if lookForByline, byline == nil, let text = bylineText(document, node, matchString) {
                byline = text
                node = document.removeAndFollow(node, within: scope)
                continue
            }
            if removeTitleHeading, tag == .h1 || tag == .h2,
               TextSimilarity.similarity(known: titleWords, document.textContent(node).trimmingSpaces()) > 0.75 {
                removeTitleHeading = false
                node = document.removeAndFollow(node, within: scope)
                continue
            }
            if flags.contains(.stripUnlikely), isUnlikely(document, node, tag, matchString) {
                node = document.removeAndFollow(node, within: scope)
                continue
            }
            if Self.removedWhenEmpty.contains(tag), document.isEmptyElement(node) {
                node = document.removeAndFollow(node, within: scope)
                continue
            }
            if Self.scored.contains(tag) {
                toScore.append(node)
            }
            if tag == .div {
                wrapInlineRuns(&document, node)
                if document.hasSingleChild(node, tag: .p), document.linkDensity(node) < 0.25 {
                    let paragraph = document.firstElementChild(node)
                    document.replace(node, with: paragraph)
                    node = paragraph
                    toScore.append(node)
                } else if !document.hasBlockDescendant(node) {
                    document.setTag(node, .p)
                    toScore.append(node)
                }
            }
            node = document.followingElement(node, within: scope)
        }
        return toScore
    }

    private static let removedWhenEmpty: TagSet = [.div, .section, .header, .h1, .h2, .h3, .h4, .h5, .h6]
    private static let scored: TagSet = [.section, .h2, .h3, .h4, .h5, .h6, .p, .td, .pre]

    private func isUnlikely(_ document: Document, _ node: Int32, _ tag: Tag, _ matchString: String) -> Bool {
        if tag != .body, tag != .a, ClassHints.unlikely.matches(matchString), !ClassHints.maybeContent.matches(matchString),
           document.ancestor(of: node, tag: .table) < 0, document.ancestor(of: node, tag: .code) < 0 {
            return true
        }
        if let role = document.attribute(node, "role"), Document.unlikelyRoles.contains(role) { return true }
        return false
    }

    /// The author's name if `node` is a byline: marked `rel="author"`, `itemprop="author"` or by its class or
    /// id, with some text but less than 100 characters. A descendant with `itemprop="name"` gives the name.
    private func bylineText(_ document: Document, _ node: Int32, _ matchString: String) -> String? {
        let rel = document.attribute(node, "rel")
        let itemprop = document.attribute(node, "itemprop") ?? ""
        guard rel == "author" || itemprop.includes("author") || ClassHints.byline.matches(matchString) else { return nil }
        let text = document.textContent(node).trimmingSpaces()
        guard !text.isEmpty, text.count < 100 else { return nil }
        var current = document.followingElement(node, within: node)
        while current >= 0 {
            if (document.attribute(current, "itemprop") ?? "").includes("name") {
                return document.textContent(current).trimmingSpaces()
            }
            current = document.followingElement(current, within: node)
        }
        return text
    }

    /// Wraps each run of inline content directly inside `div` in a paragraph (whitespace at its ends dropped).
    private func wrapInlineRuns(_ document: inout Document, _ div: Int32) {
        var child = document.firstChild(div)
        while child >= 0 {
            guard document.isPhrasing(child) else {
                child = document.next(child)
                continue
            }
            var run: [Int32] = []
            var current = child
            while current >= 0, document.isPhrasing(current) {
                run.append(current)
                current = document.next(current)
            }
            while let first = run.first, document.isWhitespace(first) {
                document.detach(first)
                run.removeFirst()
            }
            while let last = run.last, document.isWhitespace(last) {
                document.detach(last)
                run.removeLast()
            }
            if !run.isEmpty {
                let paragraph = document.createElement(.p)
                document.insert(paragraph, before: current, in: div)
                for node in run { document.append(node, to: paragraph) }
            }
            child = current
        }
    }
}
