/// Gathering the article around its top candidate: the candidate's siblings that score well, share its
/// class, or are paragraphs of real text (long with few links, or short with a full stop and no link).
enum SiblingJoin {
    /// Moves the chosen siblings, in order, into a new container and returns it.
    static func gather(_ top: Int32, scores: CandidateScores, in document: inout Document) -> Int32 {
        let container = document.createElement(.div)
        let topScore = scores.score(top) ?? 0
        let threshold = max(10, topScore * 0.2)
        let parent = document.parent(top)
        guard parent >= 0 else {
            document.append(top, to: container)
            return container
        }
        let topClass = document.attribute(top, "class") ?? ""
        for sibling in document.elementChildren(parent) {
            var append = sibling == top
            if !append {
                var bonus = 0.0
                if !topClass.isEmpty, document.attribute(sibling, "class") == topClass { bonus += topScore * 0.2 }
                if let score = scores.score(sibling), score + bonus >= threshold {
                    append = true
                } else if document.tag(sibling) == .p {
                    let density = document.linkDensity(sibling)
                    let text = document.innerText(sibling)
                    let length = text.count
                    if length > 80, density < 0.25 {
                        append = true
                    } else if length < 80, length > 0, density == 0, endsSentence(text) {
                        append = true
                    }
                }
            }
            guard append else { continue }
            if ![.div, .article, .section, .p, .ol, .ul].contains(document.tag(sibling)) {
                // A cell or a form holding text: read as a plain block from here on.
                document.setTag(sibling, .div)
            }
            document.append(sibling, to: container)
        }
        return container
    }

    /// Whether `text` has a full stop followed by a space or the end.
    private static func endsSentence(_ text: String) -> Bool {
        var previousWasStop = false
        for character in text {
            if previousWasStop, character == " " { return true }
            previousWasStop = character == "."
        }
        return previousWasStop
    }
}
