/// One child in the tree: what it is, and its next sibling.
struct XMLNode {
    var child: XMLChild
    /// The next sibling, as an index into ``XMLDocument/nodes``; -1 for the last child.
    var next = -1
}

/// Children are kept as one linked list per element in the document's ``XMLDocument/nodes``: a feed has
/// thousands of elements, and an array of children each was an allocation, its growth and its release apiece.
extension XMLDocument {
    /// The children of an element, in document order.
    struct Children: Sequence {
        let nodes: [XMLNode]
        let first: Int

        func makeIterator() -> Iterator { Iterator(nodes: nodes, position: first) }

        struct Iterator: IteratorProtocol {
            let nodes: [XMLNode]
            var position: Int

            mutating func next() -> XMLChild? {
                guard position >= 0 else { return nil }
                let node = nodes[position]
                position = node.next
                return node.child
            }
        }
    }

    /// The element and text children of `index`, in order.
    func children(of index: Int) -> Children {
        Children(nodes: nodes, first: elements[index].firstChild)
    }

    /// Indices of the element children of `index`, in order.
    func childElements(_ index: Int) -> [Int] {
        children(of: index).compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// Whether `index` has element children (i.e. holds markup rather than plain text).
    func hasElementChildren(_ index: Int) -> Bool {
        children(of: index).contains { if case .element = $0 { return true } else { return false } }
    }

    /// The last child of `index`, if any.
    func lastChild(of index: Int) -> XMLChild? {
        let last = elements[index].lastChild
        return last >= 0 ? nodes[last].child : nil
    }

    /// Adds `child` after the other children of `index`.
    mutating func append(_ child: XMLChild, to index: Int) {
        let node = nodes.count
        nodes.append(XMLNode(child: child))
        let last = elements[index].lastChild
        if last >= 0 { nodes[last].next = node } else { elements[index].firstChild = node }
        elements[index].lastChild = node
    }

    /// Replaces the last child of `index`, which must have one.
    mutating func replaceLastChild(of index: Int, with child: XMLChild) {
        nodes[elements[index].lastChild].child = child
    }
}
