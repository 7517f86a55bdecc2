/// A parsed page as the extractor works on it: elements and text in flat arrays, linked by index.
///
/// Gumbo's tree is copied into this form once (``DocumentBuilder``) and freed at once; from then on nothing
/// is recursive: every walk follows the links in a loop, so a page nested a hundred thousand levels deep costs
/// time, never stack. It is a value: each attempt of ``ContentExtractor`` works on its own copy, which is one
/// copy of three arrays.
struct Document {
    /// One element or text node. Indices are `Int32`, `-1` for none.
    struct Node {
        var parent: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var previous: Int32 = -1
        var next: Int32 = -1
        var tag: Tag
        var isText: Bool
        /// A text node's bytes in ``Document/text``, or an element's attributes in ``Document/attributes``.
        var start: Int32
        var count: Int32
    }

    /// One attribute: its lower-case name and its decoded value.
    struct Attribute {
        var name: String
        var value: String
    }

    var nodes: [Node] = []
    var attributes: [Attribute] = []
    /// The UTF-8 of every text node, control characters already removed.
    var text: [UInt8] = []
    /// The element that holds the whole page (its child is `<html>`).
    let root: Int32 = 0
    /// The time the extraction may still take, shared by every copy of the document.
    let budget: WorkBudget

    init(budget: WorkBudget) {
        self.budget = budget
        nodes.reserveCapacity(1024)
        nodes.append(Node(tag: .unknown, isText: false, start: 0, count: 0))
    }

    // MARK: Reading

    func tag(_ node: Int32) -> Tag { nodes[Int(node)].tag }
    func isText(_ node: Int32) -> Bool { nodes[Int(node)].isText }
    func isElement(_ node: Int32) -> Bool { !nodes[Int(node)].isText }
    func parent(_ node: Int32) -> Int32 { nodes[Int(node)].parent }
    func firstChild(_ node: Int32) -> Int32 { nodes[Int(node)].firstChild }
    func lastChild(_ node: Int32) -> Int32 { nodes[Int(node)].lastChild }
    func next(_ node: Int32) -> Int32 { nodes[Int(node)].next }
    func previous(_ node: Int32) -> Int32 { nodes[Int(node)].previous }

    /// The node's children, text included.
    func children(_ node: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = firstChild(node)
        while child >= 0 {
            result.append(child)
            child = next(child)
        }
        return result
    }

    /// The node's element children.
    func elementChildren(_ node: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = firstChild(node)
        while child >= 0 {
            if !isText(child) { result.append(child) }
            child = next(child)
        }
        return result
    }

    /// The first element child, or -1.
    func firstElementChild(_ node: Int32) -> Int32 {
        var child = firstChild(node)
        while child >= 0, isText(child) { child = next(child) }
        return child
    }

    /// The next element sibling, or -1.
    func nextElementSibling(_ node: Int32) -> Int32 {
        var sibling = next(node)
        while sibling >= 0, isText(sibling) { sibling = next(sibling) }
        return sibling
    }

    /// The previous element sibling, or -1.
    func previousElementSibling(_ node: Int32) -> Int32 {
        var sibling = previous(node)
        while sibling >= 0, isText(sibling) { sibling = previous(sibling) }
        return sibling
    }

    /// How many element children the node has.
    func elementChildCount(_ node: Int32) -> Int {
        var count = 0
        var child = firstChild(node)
        while child >= 0 {
            if !isText(child) { count += 1 }
            child = next(child)
        }
        return count
    }

    /// Whether `node` lies inside `ancestor` (or is it).
    func isInside(_ node: Int32, _ ancestor: Int32) -> Bool {
        var current = node
        while current >= 0 {
            if current == ancestor { return true }
            current = parent(current)
        }
        return false
    }

    /// Whether the node is still attached to the page.
    func isAttached(_ node: Int32) -> Bool { isInside(node, root) }

    /// The node after `node` in document order, staying within `scope`; its subtree is skipped when asked.
    func following(_ node: Int32, within scope: Int32, skippingChildren: Bool = false) -> Int32 {
        if !skippingChildren, firstChild(node) >= 0 { return firstChild(node) }
        var current = node
        while current >= 0, current != scope {
            if next(current) >= 0 { return next(current) }
            current = parent(current)
        }
        return -1
    }

    /// The element after `node` in document order within `scope` (Readability's walk over elements).
    func followingElement(_ node: Int32, within scope: Int32, skippingChildren: Bool = false) -> Int32 {
        var current = following(node, within: scope, skippingChildren: skippingChildren)
        while current >= 0, isText(current) { current = following(current, within: scope, skippingChildren: true) }
        return current
    }

    /// Every element inside `scope` (not `scope` itself) with one of `tags`, in document order.
    func elements(in scope: Int32, tags: TagSet) -> [Int32] {
        var result: [Int32] = []
        var node = following(scope, within: scope)
        while node >= 0 {
            if !isText(node), tags.contains(tag(node)) { result.append(node) }
            node = following(node, within: scope)
        }
        return result
    }

    /// Every element inside `scope` with tag `tag`, in document order.
    func elements(in scope: Int32, tag wanted: Tag) -> [Int32] {
        var result: [Int32] = []
        var node = following(scope, within: scope)
        while node >= 0 {
            if !isText(node), tag(node) == wanted { result.append(node) }
            node = following(node, within: scope)
        }
        return result
    }

    /// How many elements inside `scope` have tag `tag`.
    func count(_ wanted: Tag, in scope: Int32) -> Int {
        var result = 0
        var node = following(scope, within: scope)
        while node >= 0 {
            if !isText(node), tag(node) == wanted { result += 1 }
            node = following(node, within: scope)
        }
        return result
    }

    /// The first ancestor of `node` with tag `tag` within `maxDepth` levels (0: any depth), or -1.
    func ancestor(of node: Int32, tag wanted: Tag, maxDepth: Int = 3, where accept: (Int32) -> Bool = { _ in true }) -> Int32 {
        var depth = 0
        var current = parent(node)
        while current >= 0 {
            if maxDepth > 0, depth > maxDepth { return -1 }
            if tag(current) == wanted, !isText(current), accept(current) { return current }
            current = parent(current)
            depth += 1
        }
        return -1
    }

    /// The node's ancestors, nearest first, up to `maxDepth` of them (0: all).
    func ancestors(of node: Int32, maxDepth: Int = 0) -> [Int32] {
        var result: [Int32] = []
        var current = parent(node)
        while current >= 0, current != root {
            result.append(current)
            if maxDepth > 0, result.count == maxDepth { break }
            current = parent(current)
        }
        return result
    }

    // MARK: Attributes

    /// The value of attribute `name` (lower-case), if the element has it.
    func attribute(_ node: Int32, _ name: String) -> String? {
        let item = nodes[Int(node)]
        guard !item.isText else { return nil }
        var index = Int(item.start)
        let end = index + Int(item.count)
        while index < end {
            if attributes[index].name == name { return attributes[index].value }
            index += 1
        }
        return nil
    }

    /// The element's attributes.
    func attributeList(_ node: Int32) -> ArraySlice<Attribute> {
        let item = nodes[Int(node)]
        guard !item.isText else { return [] }
        return attributes[Int(item.start)..<Int(item.start + item.count)]
    }

    /// The element's `class` and `id` joined by a space, lower-cased (what the class/id hints match).
    func classAndID(_ node: Int32) -> String {
        let className = attribute(node, "class")
        let id = attribute(node, "id")
        if className == nil, id == nil { return " " }
        // ASCII lower-cased byte by byte (every element of every attempt asks); other text as Unicode says.
        var first = className ?? "", second = id ?? ""
        var ascii = true
        let joined = first.withUTF8 { first in
            second.withUTF8 { second in
                String(unsafeUninitializedCapacity: first.count + 1 + second.count) { buffer in
                    var index = 0
                    for byte in first {
                        ascii = ascii && byte < 0x80
                        buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                        index += 1
                    }
                    buffer[index] = 0x20
                    index += 1
                    for byte in second {
                        ascii = ascii && byte < 0x80
                        buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                        index += 1
                    }
                    return index
                }
            }
        }
        return ascii ? joined : ((className ?? "") + " " + (id ?? "")).lowercased()
    }

    // MARK: Text

    /// A text node's bytes.
    func textBytes(_ node: Int32) -> ArraySlice<UInt8> {
        let item = nodes[Int(node)]
        return text[Int(item.start)..<Int(item.start + item.count)]
    }

    /// All the text under `node`, concatenated as the DOM's `textContent` would give it.
    func textContent(_ node: Int32) -> String {
        if isText(node) { return String(decoding: textBytes(node), as: UTF8.self) }
        var bytes: [UInt8] = []
        var current = following(node, within: node)
        while current >= 0 {
            if isText(current) { bytes.append(contentsOf: textBytes(current)) }
            current = following(current, within: node)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text under `node`, trimmed, each run of whitespace made one space.
    func innerText(_ node: Int32) -> String {
        TextMeasure.normalized(textContent(node))
    }
}
