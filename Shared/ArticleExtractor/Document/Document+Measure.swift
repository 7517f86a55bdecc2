/// What the scoring and the cleaning measure of a subtree: its text, its links' share of it, its emptiness.
extension Document {
    /// The text under `node`, measured.
    func measure(_ node: Int32) -> TextMeasure {
        var result = TextMeasure()
        if budget.isExhausted { return result }
        if isText(node) {
            result.add(textBytes(node))
            return result
        }
        var current = following(node, within: node)
        var visited = 0
        while current >= 0 {
            if isText(current) { result.add(textBytes(current)) }
            current = following(current, within: node)
            visited += 1
        }
        budget.spend(visited)
        return result
    }

    /// The trimmed, whitespace-collapsed length of the text under `node`.
    func textLength(_ node: Int32) -> Int { measure(node).length }

    /// The share of the text under `node` that is inside links; links to a fragment of the page (`#…`)
    /// count 0.3 of their length, being a table of contents more often than navigation.
    func linkDensity(_ node: Int32) -> Double {
        let total = textLength(node)
        guard total > 0 else { return 0 }
        var linked = 0.0
        var current = following(node, within: node)
        while current >= 0 {
            if !isText(current), tag(current) == .a {
                let href = attribute(current, "href") ?? ""
                let weight = href.hasPrefix("#") && href.count > 1 ? 0.3 : 1
                linked += Double(textLength(current)) * weight
                current = following(current, within: node, skippingChildren: true)
            } else {
                current = following(current, within: node)
            }
        }
        return linked / Double(total)
    }

    /// The share of the text under `node` inside links a reader can follow: `javascript:` links, which the
    /// writers turn into plain text, do not count.
    func followableLinkDensity(_ node: Int32) -> Double {
        let total = textLength(node)
        guard total > 0 else { return 0 }
        var linked = 0
        var current = following(node, within: node)
        while current >= 0 {
            if !isText(current), tag(current) == .a {
                let href = (attribute(current, "href") ?? "").trimmingSpaces().lowercased()
                if !href.isEmpty, !href.hasPrefix("javascript:") { linked += textLength(current) }
                current = following(current, within: node, skippingChildren: true)
            } else {
                current = following(current, within: node)
            }
        }
        return Double(linked) / Double(total)
    }

    /// Whether any text under `node` is other than whitespace.
    func hasVisibleText(_ node: Int32) -> Bool {
        if isText(node) { return TextMeasure.hasNonSpace(textBytes(node)) }
        var current = following(node, within: node)
        while current >= 0 {
            if isText(current), TextMeasure.hasNonSpace(textBytes(current)) { return true }
            current = following(current, within: node)
        }
        return false
    }

    /// An element with no text whose children, if any, are all `<br>` or `<hr>`.
    func isEmptyElement(_ node: Int32) -> Bool {
        guard isElement(node), !hasVisibleText(node) else { return false }
        var child = firstChild(node)
        while child >= 0 {
            if isElement(child), tag(child) != .br, tag(child) != .hr { return false }
            child = next(child)
        }
        return true
    }

    /// Whether `node` is whitespace text or a `<br>`.
    func isWhitespace(_ node: Int32) -> Bool {
        isText(node) ? !TextMeasure.hasNonSpace(textBytes(node)) : tag(node) == .br
    }

    /// Whether `node` is phrasing content: text, an inline element, or a link, `<del>` or `<ins>` holding only
    /// phrasing content.
    func isPhrasing(_ node: Int32) -> Bool {
        if isText(node) { return true }
        let tag = tag(node)
        if tag.isPhrasing { return true }
        guard tag == .a || tag == .del || tag == .ins else { return false }
        var current = following(node, within: node)
        while current >= 0 {
            if !isText(current), !self.tag(current).isPhrasing, self.tag(current) != .a, self.tag(current) != .del,
               self.tag(current) != .ins {
                return false
            }
            current = following(current, within: node)
        }
        return true
    }

    /// Whether `node` has exactly one element child, with tag `tag`, and no text beside it.
    func hasSingleChild(_ node: Int32, tag wanted: Tag) -> Bool {
        var found: Int32 = -1
        var child = firstChild(node)
        while child >= 0 {
            if isText(child) {
                if TextMeasure.hasNonSpace(textBytes(child)) { return false }
            } else {
                if found >= 0 || tag(child) != wanted { return false }
                found = child
            }
            child = next(child)
        }
        return found >= 0
    }

    /// Whether any element under `node` is one of those that make a `<div>` a container.
    func hasBlockDescendant(_ node: Int32) -> Bool {
        var current = following(node, within: node)
        while current >= 0 {
            if !isText(current), tag(current).makesDivAContainer { return true }
            current = following(current, within: node)
        }
        return false
    }
}

extension TextMeasure {
    /// Whether `bytes` hold anything but whitespace.
    static func hasNonSpace(_ bytes: ArraySlice<UInt8>) -> Bool {
        var measure = TextMeasure()
        for byte in bytes where byte > 0x20 && byte < 0x80 { return true }
        measure.add(bytes)
        return measure.length > 0
    }
}
