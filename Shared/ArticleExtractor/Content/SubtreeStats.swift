/// The text measure and link text of every node's subtree, computed in one bottom-up pass, for the scoring:
/// asking each of hundreds of candidates for its link density would walk the same subtrees again and again.
///
/// Valid while the tree does not change; nodes created after the pass are measured on demand.
struct SubtreeStats: TreeVisitor {
    private var measures: [TextMeasure]
    private var linkLengths: [Double]

    init(_ document: Document) {
        measures = Array(repeating: TextMeasure(), count: document.nodes.count)
        linkLengths = Array(repeating: 0, count: document.nodes.count)
        document.walk(document.root, &self)
        document.budget.spend(document.nodes.count)
    }

    mutating func enter(_ node: Int32, in document: Document) -> Bool {
        if document.isText(node) {
            measures[Int(node)].add(document.textBytes(node))
            return false
        }
        return true
    }

    mutating func leave(_ node: Int32, in document: Document) {
        var measure = TextMeasure()
        var links = 0.0
        var child = document.firstChild(node)
        while child >= 0 {
            measure.add(measures[Int(child)])
            links += linkLengths[Int(child)]
            child = document.next(child)
        }
        measures[Int(node)] = measure
        if document.tag(node) == .a {
            let href = document.attribute(node, "href") ?? ""
            let weight = href.hasPrefix("#") && href.count > 1 ? 0.3 : 1
            links = Double(measure.length) * weight
        }
        linkLengths[Int(node)] = links
    }

    /// The measure of the text under `node`.
    func measure(_ node: Int32, in document: Document) -> TextMeasure {
        Int(node) < measures.count ? measures[Int(node)] : document.measure(node)
    }

    /// The share of the text under `node` inside links (see ``Document/linkDensity(_:)``).
    func linkDensity(_ node: Int32, in document: Document) -> Double {
        guard Int(node) < measures.count else { return document.linkDensity(node) }
        let total = measures[Int(node)].length
        return total > 0 ? linkLengths[Int(node)] / Double(total) : 0
    }
}
