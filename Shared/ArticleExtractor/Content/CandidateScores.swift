/// Scores of the elements that hold scored paragraphs: each paragraph gives points for its length and commas to
/// its parent (all of them), its grandparent (half) and further ancestors up to five levels (a third of them
/// per level).
struct CandidateScores {
    private(set) var scores: [Int32: Double] = [:]
    /// The candidates in the order they were first scored.
    private(set) var candidates: [Int32] = []

    func score(_ node: Int32) -> Double? { scores[node] }

    mutating func set(_ node: Int32, _ score: Double) { scores[node] = score }

    /// Gives `node` its starting score (by tag, and by class and id unless `weightClasses` is off) if it has
    /// none yet.
    mutating func initialize(_ node: Int32, in document: Document, flags: SearchFlags) {
        guard scores[node] == nil else { return }
        var score: Double
        switch document.tag(node) {
        case .div: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: score = 0
        }
        if flags.contains(.weightClasses) { score += document.classWeight(node) }
        scores[node] = score
        candidates.append(node)
    }

    /// Scores every paragraph of `elements` (at least 25 characters) into its ancestors.
    mutating func scoreParagraphs(_ elements: [Int32], in document: Document, stats: SubtreeStats, flags: SearchFlags) {
        for element in elements {
            let parent = document.parent(element)
            guard parent >= 0, parent != document.root, document.isAttached(element) else { continue }
            let measure = stats.measure(element, in: document)
            guard measure.length >= 25 else { continue }
            let ancestors = document.ancestors(of: element, maxDepth: 5)
            guard !ancestors.isEmpty else { continue }
            let points = 1.0 + Double(measure.commas + 1) + Double(min(measure.length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                // The page's <html> is never a candidate.
                guard document.parent(ancestor) != document.root else { continue }
                initialize(ancestor, in: document, flags: flags)
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level) * 3
                scores[ancestor, default: 0] += points / divider
            }
        }
    }

    /// Scales every candidate's score by the share of its text outside links, and returns the best five,
    /// best first.
    mutating func scaleAndRank(in document: Document, stats: SubtreeStats, keeping count: Int = 5) -> [Int32] {
        var top: [(node: Int32, score: Double)] = []
        for candidate in candidates {
            let scaled = (scores[candidate] ?? 0) * (1 - stats.linkDensity(candidate, in: document))
            scores[candidate] = scaled
            if let index = top.firstIndex(where: { scaled > $0.score }) {
                top.insert((candidate, scaled), at: index)
                if top.count > count { top.removeLast() }
            } else if top.count < count {
                top.append((candidate, scaled))
            }
        }
        return top.map(\.node)
    }
}
