/// Choosing the element that holds the article from the ranked candidates.
enum TopCandidate {
    /// The best candidate, moved up the tree when that gathers more of the article: to an ancestor shared by
    /// three of the other close candidates (the article split in several blocks), to a parent scoring higher,
    /// and past parents that hold nothing else. Nil when there is no candidate or it is the body.
    static func choose(_ ranked: [Int32], scores: inout CandidateScores, in document: Document, body: Int32, flags: SearchFlags) -> Int32? {
        guard var top = ranked.first, top != body, document.tag(top) != .body else { return nil }
        let topScore = scores.score(top) ?? 0

        // Close candidates (three or more within 75% of the best) under one ancestor: that ancestor.
        var alternatives: [[Int32]] = []
        for candidate in ranked.dropFirst() where topScore > 0 && (scores.score(candidate) ?? 0) / topScore >= 0.75 {
            alternatives.append(document.ancestors(of: candidate))
        }
        if alternatives.count >= 3 {
            var parent = document.parent(top)
            while parent >= 0, parent != body, document.tag(parent) != .body, parent != document.root {
                let containing = alternatives.reduce(0) { $0 + ($1.contains(parent) ? 1 : 0) }
                if containing >= 3 {
                    top = parent
                    break
                }
                parent = document.parent(parent)
            }
        }
        scores.initialize(top, in: document, flags: flags)

        // A parent that scores higher than its child holds more of the article.
        var parent = document.parent(top)
        var lastScore = scores.score(top) ?? 0
        let threshold = lastScore / 3
        while parent >= 0, document.tag(parent) != .body, parent != document.root {
            guard let parentScore = scores.score(parent) else {
                parent = document.parent(parent)
                continue
            }
            if parentScore < threshold { break }
            if parentScore > lastScore {
                top = parent
                break
            }
            lastScore = parentScore
            parent = document.parent(parent)
        }

        // An only child: its parent, so that the siblings looked at next are the article's neighbours.
        parent = document.parent(top)
        while parent >= 0, document.tag(parent) != .body, parent != document.root, document.elementChildCount(parent) == 1 {
            top = parent
            parent = document.parent(top)
        }
        scores.initialize(top, in: document, flags: flags)
        return top
    }
}
