/// Changing the tree: every change keeps the parent, child and sibling links consistent.
extension Document {
    /// A new element, not yet in the tree.
    mutating func createElement(_ tag: Tag, attributes newAttributes: [Attribute] = []) -> Int32 {
        let start = Int32(attributes.count)
        attributes.append(contentsOf: newAttributes)
        nodes.append(Node(tag: tag, isText: false, start: start, count: Int32(newAttributes.count)))
        return Int32(nodes.count - 1)
    }

    /// A new element whose attributes are the ones appended to ``attributes`` from `start` on, not yet in the
    /// tree (the builder appends them there directly).
    mutating func createElement(_ tag: Tag, attributesFrom start: Int) -> Int32 {
        nodes.append(Node(tag: tag, isText: false, start: Int32(start), count: Int32(attributes.count - start)))
        return Int32(nodes.count - 1)
    }

    /// A new text node holding the bytes appended to ``text`` from `start` on (valid UTF-8), not yet in the tree.
    mutating func createText(from start: Int) -> Int32 {
        nodes.append(Node(tag: .unknown, isText: true, start: Int32(start), count: Int32(text.count - start)))
        return Int32(nodes.count - 1)
    }

    /// A new text node holding `bytes` (which must be valid UTF-8), not yet in the tree.
    mutating func createText<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int32 {
        let start = Int32(text.count)
        text.append(contentsOf: bytes)
        nodes.append(Node(tag: .unknown, isText: true, start: start, count: Int32(text.count) - start))
        return Int32(nodes.count - 1)
    }

    /// Takes `node` out of the tree (with its subtree); it can be inserted again.
    mutating func detach(_ node: Int32) {
        let item = nodes[Int(node)]
        guard item.parent >= 0 else { return }
        if item.previous >= 0 { nodes[Int(item.previous)].next = item.next } else { nodes[Int(item.parent)].firstChild = item.next }
        if item.next >= 0 { nodes[Int(item.next)].previous = item.previous } else { nodes[Int(item.parent)].lastChild = item.previous }
        nodes[Int(node)].parent = -1
        nodes[Int(node)].previous = -1
        nodes[Int(node)].next = -1
    }

    /// Appends `child` (detached first if needed) as the last child of `parent`.
    mutating func append(_ child: Int32, to parent: Int32) {
        detach(child)
        let last = nodes[Int(parent)].lastChild
        nodes[Int(child)].parent = parent
        nodes[Int(child)].previous = last
        if last >= 0 { nodes[Int(last)].next = child } else { nodes[Int(parent)].firstChild = child }
        nodes[Int(parent)].lastChild = child
    }

    /// Inserts `child` (detached first if needed) before `reference`, a child of `parent`; at the end when -1.
    mutating func insert(_ child: Int32, before reference: Int32, in parent: Int32) {
        guard reference >= 0 else { return append(child, to: parent) }
        detach(child)
        let previous = nodes[Int(reference)].previous
        nodes[Int(child)].parent = parent
        nodes[Int(child)].previous = previous
        nodes[Int(child)].next = reference
        nodes[Int(reference)].previous = child
        if previous >= 0 { nodes[Int(previous)].next = child } else { nodes[Int(parent)].firstChild = child }
    }

    /// Puts `replacement` where `node` is; `node` leaves the tree.
    mutating func replace(_ node: Int32, with replacement: Int32) {
        let parent = nodes[Int(node)].parent
        guard parent >= 0, node != replacement else { return }
        detach(replacement)
        let next = nodes[Int(node)].next
        detach(node)
        insert(replacement, before: next, in: parent)
    }

    /// Removes `node` and returns the element that followed it in document order within `scope`.
    mutating func removeAndFollow(_ node: Int32, within scope: Int32) -> Int32 {
        let following = followingElement(node, within: scope, skippingChildren: true)
        detach(node)
        return following
    }

    /// Moves every child of `node` to the end of `target`.
    mutating func moveChildren(of node: Int32, to target: Int32) {
        var child = firstChild(node)
        while child >= 0 {
            let next = self.next(child)
            append(child, to: target)
            child = next
        }
    }

    /// Replaces `node` by its children.
    mutating func unwrap(_ node: Int32) {
        let parent = nodes[Int(node)].parent
        guard parent >= 0 else { return }
        var child = firstChild(node)
        while child >= 0 {
            let next = self.next(child)
            insert(child, before: node, in: parent)
            child = next
        }
        detach(node)
    }

    /// Changes the element's tag, keeping its attributes and children.
    mutating func setTag(_ node: Int32, _ tag: Tag) {
        nodes[Int(node)].tag = tag
    }

    /// Sets attribute `name` to `value`.
    mutating func setAttribute(_ node: Int32, _ name: String, _ value: String) {
        let item = nodes[Int(node)]
        let range = Int(item.start)..<Int(item.start + item.count)
        if let index = range.first(where: { attributes[$0].name == name }) {
            attributes[index].value = value
            return
        }
        if range.upperBound != attributes.count {
            // Not the last list: copy it to the end, where it can grow.
            let copy = Array(attributes[range])
            nodes[Int(node)].start = Int32(attributes.count)
            attributes.append(contentsOf: copy)
        }
        attributes.append(Attribute(name: name, value: value))
        nodes[Int(node)].count += 1
    }

    /// Removes attribute `name`, if present.
    mutating func removeAttribute(_ node: Int32, _ name: String) {
        let item = nodes[Int(node)]
        let range = Int(item.start)..<Int(item.start + item.count)
        guard let index = range.first(where: { attributes[$0].name == name }) else { return }
        // Moving the last attribute of the list into the hole keeps the list contiguous.
        attributes[index] = attributes[range.upperBound - 1]
        nodes[Int(node)].count -= 1
    }
}
