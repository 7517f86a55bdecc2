import Foundation

/// Start and end tags: elements, attributes, namespace scopes and the recovery from mismatched end tags.
extension XMLTreeBuilder {
    mutating func startTag(_ p: UnsafeBufferPointer<UInt8>, at tagStart: Int) throws(Failure) -> Int {
        let n = p.count
        var i = tagStart + 1
        let nameStart = i
        while i < n, Self.isNameChar(p[i]) { i += 1 }
        let name = names.intern(p, nameStart..<i)
        rawAttributes.removeAll(keepingCapacity: true)
        var selfClosing = false
        scan: while i < n {
            let c = p[i]
            switch c {
            case 0x3E: i += 1; break scan
            case 0x2F:
                if i + 1 < n, p[i + 1] == 0x3E { selfClosing = true; i += 2; break scan }
                i += 1
            case 0x3C: break scan  // a new tag starts: this one was never closed
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default:
                let attrStart = i
                while i < n, !Self.isAttributeNameEnd(p[i]) { i += 1 }
                if i == attrStart { i += 1; continue }
                let attribute = names.intern(p, attrStart..<i)
                var j = i
                while j < n, Self.isSpace(p[j]) { j += 1 }
                guard j < n, p[j] == 0x3D else { rawAttributes.append((attribute, "")); continue }
                j += 1
                while j < n, Self.isSpace(p[j]) { j += 1 }
                guard j < n else { i = j; break scan }
                let quote = p[j]
                if quote == 0x22 || quote == 0x27 {
                    let k = Self.closingQuote(p, from: j + 1, quote: quote)
                    rawAttributes.append((attribute, attributeValue(p, (j + 1)..<k)))
                    i = min(k + 1, n)
                } else {
                    var k = j
                    while k < n, !Self.isSpace(p[k]), p[k] != 0x3E { k += 1 }
                    rawAttributes.append((attribute, attributeValue(p, j..<k)))
                    i = k
                }
            }
        }
        if stack.isEmpty, document.root == nil { document.rootLine = TextPosition.of(byte: tagStart, in: p).line }
        try openElement(name)
        if selfClosing || names[name].isVoid { closeTop() }
        return i
    }

    private mutating func openElement(_ name: Int) throws(Failure) {
        guard stack.count < limits.maxDepth else { throw .tooDeep(limits.maxDepth) }
        guard document.elements.count < limits.maxElements else { throw .tooManyElements(limits.maxElements) }
        let index = document.elements.count
        var declared = 0
        for (attribute, value) in rawAttributes {
            guard let prefix = names[attribute].declares else { continue }
            while scopes.count < names.prefixes.count { addPrefixScope() }
            guard declaringElement[prefix] != index else { continue }
            declaringElement[prefix] = index
            let key = namespaceKey(value)
            scopes[prefix].append(key)
            declaredPrefixes.append(prefix)
            declared += 1
            if document.declaredNamespaces.count < 256 { document.declaredNamespaces.insert(key) }
        }
        while scopes.count < names.prefixes.count { addPrefixScope() }
        let ns = resolve(prefix: names[name].prefix ?? 0)
        var attributes: [XMLAttribute] = []
        if rawAttributes.count > declared {
            attributes.reserveCapacity(rawAttributes.count - declared)
            for (attribute, value) in rawAttributes where names[attribute].declares == nil {
                let prefix = names[attribute].prefix
                attributes.append(XMLAttribute(qname: names[attribute].qname, lname: names[attribute].lname,
                                               ns: prefix.map { resolve(prefix: $0) } ?? "", value: value))
            }
        }
        let parent = stack.last ?? -1
        var base = parent >= 0 ? document.elements[parent].base : documentURL
        var lang = parent >= 0 ? document.elements[parent].lang : nil
        if !attributes.isEmpty {
            base = XMLDocument.base(of: attributes, inheriting: base)
            for attribute in attributes where attribute.ns == Namespaces.xml && attribute.lname == "lang" {
                lang = attribute.value.utf8.contains(0x5F)  // "_"
                    ? attribute.value.replacingOccurrences(of: "_", with: "-") : attribute.value
            }
        }
        document.elements.append(XMLElement(
            qname: names[name].qname, lname: names[name].lname, ns: ns, attributes: attributes, parent: parent,
            base: base, lang: lang))
        if parent >= 0 {
            document.append(.element(index), to: parent)
        } else if document.root == nil {
            document.root = index
        } else {
            document.extraRoots.append(index)
        }
        stack.append(index)
        openFrames.append((name, declared))
        let lowered = names[name].lowered
        while openNames.count <= lowered { openNames.append(0) }
        openNames[lowered] += 1
    }

    /// Makes room for the bindings of the newest prefix id of ``names``.
    private mutating func addPrefixScope() {
        let prefix = scopes.count
        scopes.append([])
        declaringElement.append(-1)
        undeclaredKeys.append(Namespaces.key(forUndeclaredPrefix: names.prefixes[prefix][...]))
    }

    mutating func closeTop() {
        stack.removeLast()
        let (name, declared) = openFrames.removeLast()
        openNames[names[name].lowered] -= 1
        for _ in 0..<declared { scopes[declaredPrefixes.removeLast()].removeLast() }
        if stack.isEmpty, !continueAfterRoot { rootClosed = true }
    }

    mutating func endTag(_ p: UnsafeBufferPointer<UInt8>, at tagStart: Int) -> Int {
        let n = p.count
        var i = tagStart + 2
        let nameStart = i
        while i < n, Self.isNameChar(p[i]) { i += 1 }
        let nameEnd = i
        while i < n, p[i] != 0x3E, p[i] != 0x3C { i += 1 }
        if i < n, p[i] == 0x3E { i += 1 }
        // Usually the end tag closes the innermost element, under the very same name.
        if let top = openFrames.last?.name, names.matches(top, p, nameStart..<nameEnd) {
            closeTop()
            return i
        }
        let (exact, lowered) = names.matchIDs(p, nameStart..<nameEnd)
        let isOpen = lowered.map { $0 < openNames.count && openNames[$0] > 0 } ?? false
        if isOpen, let depth = openFrames.lastIndex(where: { names[$0.name].exact == exact })
            ?? openFrames.lastIndex(where: { names[$0.name].lowered == lowered }) {
            if depth < stack.count - 1, !warnedAboutEndTags {
                warnedAboutEndTags = true
                document.warnings.append(ParseWarning(field: "document", rawValue: "</\(string(p, nameStart..<nameEnd))>",
                                                      reason: "end tag closes elements that were left open"))
            }
            while stack.count > depth { closeTop() }
        } else if !warnedAboutEndTags {
            warnedAboutEndTags = true
            document.warnings.append(ParseWarning(field: "document", rawValue: "</\(string(p, nameStart..<nameEnd))>",
                                                  reason: "end tag without a matching start tag ignored"))
        }
        return i
    }

    /// The index of the quote that ends an attribute value. Real exports put unescaped HTML in attributes
    /// (`description="… <a href="…">…</a> …"`), so a quote met while a `<` is still open inside the value
    /// is taken as part of it, looking at most 256 bytes ahead; failing that, the first quote ends the value.
    static func closingQuote(_ p: UnsafeBufferPointer<UInt8>, from start: Int, quote: UInt8) -> Int {
        let n = p.count
        var k = start
        var open = 0
        var first = -1
        while k < n {
            let c = p[k]
            if c == quote {
                if open == 0 { return k }
                if first < 0 { first = k }
            } else if c == 0x3C {
                open += 1
            } else if c == 0x3E, open > 0 {
                open -= 1
            }
            if first >= 0, k - first > 256 { return first }
            k += 1
        }
        return first >= 0 ? first : n
    }
}
