/// What a walk over a subtree does at each node.
protocol TreeVisitor {
    /// Called when the walk reaches `node`; returning false skips its children (and its ``leave(_:in:)``).
    mutating func enter(_ node: Int32, in document: Document) -> Bool
    /// Called after the children of an element whose ``enter(_:in:)`` returned true.
    mutating func leave(_ node: Int32, in document: Document)
}

extension Document {
    /// Visits every node under `scope` in document order, in a loop (no recursion, whatever the depth).
    func walk<Visitor: TreeVisitor>(_ scope: Int32, _ visitor: inout Visitor) {
        var node = firstChild(scope)
        while node >= 0 {
            if visitor.enter(node, in: self) {
                if firstChild(node) >= 0 {
                    node = firstChild(node)
                    continue
                }
                if isElement(node) { visitor.leave(node, in: self) }
            }
            while node >= 0, next(node) < 0 {
                node = parent(node)
                if node == scope || node < 0 { return }
                visitor.leave(node, in: self)
            }
            if node >= 0 { node = next(node) }
        }
    }
}
