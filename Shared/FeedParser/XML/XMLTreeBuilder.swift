import Foundation

/// A tolerant, non-validating XML scanner that builds an ``XMLDocument`` straight from UTF-8 bytes.
///
/// It accepts what libxml2 rejects in real feeds: undeclared HTML entities, raw `&`, unquoted attributes,
/// mismatched or missing end tags, unclosed CDATA, truncation. It never fetches anything (external DTDs and
/// entities are ignored), expands internal entities one level only within a byte budget, and bounds depth
/// and element count, so hostile input costs linear time and bounded memory.
struct XMLTreeBuilder {
    struct Limits {
        var maxDepth: Int
        var maxElements: Int
        var maxEntityExpansionBytes: Int
    }

    enum Failure: Error {
        case tooDeep(Int)
        case tooManyElements(Int)
    }

    var document = XMLDocument()
    let limits: Limits
    let documentURL: String?
    /// Open elements, innermost last.
    var stack: [Int] = []
    /// Namespace bindings in scope, a stack of keys per prefix (`""` is the default namespace), so that a
    /// lookup costs one hash whatever the number of declarations.
    var scopes: [Substring: [String]] = ["xml": [Namespaces.xml]]
    /// The prefixes each open element declared, to pop when it closes.
    var declaredPrefixes: [[Substring]] = []
    /// How many open elements carry each lower-cased name, so a stray end tag is dismissed in O(1).
    var openNames: [String: Int] = [:]
    var nsCache: [String: String] = [:]
    var dtdEntities: [String: String] = [:]
    var expandedBytes = 0
    var rootClosed = false
    /// Whether to keep reading after the root element closes (OPML recovery wants every fragment).
    var continueAfterRoot = false
    var scratch: [UInt8] = []
    var warnedAboutEndTags = false

    init(limits: Limits, documentURL: String?) {
        self.limits = limits
        self.documentURL = documentURL
    }

    /// Parses the whole buffer.
    mutating func parse(_ p: UnsafeBufferPointer<UInt8>) throws(Failure) {
        let n = p.count
        var i = 0
        while i < n, !rootClosed {
            let start = i
            i = ByteSearch.first(0x3C, in: p, from: i) ?? n
            if i > start, !stack.isEmpty { appendText(p, start..<i, raw: false) }
            guard i < n else { break }
            let next: UInt8 = i + 1 < n ? p[i + 1] : 0
            switch next {
            case 0x2F: i = endTag(p, at: i)
            case 0x21: i = markupDeclaration(p, at: i)
            case 0x3F: i = skip(p, from: i + 2, past: "?>")
            default:
                if Self.isNameStart(next) {
                    i = try startTag(p, at: i)
                } else {
                    if !stack.isEmpty { appendLiteral("<") }
                    i += 1
                }
            }
        }
        if !stack.isEmpty {
            document.truncated = true
            let open = document.elements[stack[0]].qname
            document.warnings.append(ParseWarning(field: "document", rawValue: "<\(open)>",
                                                  reason: "document ended before its root element was closed"))
        }
    }

    // MARK: Tags

    private mutating func startTag(_ p: UnsafeBufferPointer<UInt8>, at tagStart: Int) throws(Failure) -> Int {
        let n = p.count
        var i = tagStart + 1
        let nameStart = i
        while i < n, Self.isNameChar(p[i]) { i += 1 }
        let qname = string(p, nameStart..<i)
        var rawAttributes: [(name: String, value: String)] = []
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
                let name = string(p, attrStart..<i)
                var j = i
                while j < n, Self.isSpace(p[j]) { j += 1 }
                guard j < n, p[j] == 0x3D else { rawAttributes.append((name, "")); continue }
                j += 1
                while j < n, Self.isSpace(p[j]) { j += 1 }
                guard j < n else { i = j; break scan }
                let quote = p[j]
                if quote == 0x22 || quote == 0x27 {
                    let k = Self.closingQuote(p, from: j + 1, quote: quote)
                    rawAttributes.append((name, attributeValue(p, (j + 1)..<k)))
                    i = min(k + 1, n)
                } else {
                    var k = j
                    while k < n, !Self.isSpace(p[k]), p[k] != 0x3E { k += 1 }
                    rawAttributes.append((name, attributeValue(p, j..<k)))
                    i = k
                }
            }
        }
        if stack.isEmpty, document.root == nil { document.rootLine = TextPosition.of(byte: tagStart, in: p).line }
        try openElement(qname: qname, rawAttributes: rawAttributes)
        let lname = document.elements[stack[stack.count - 1]].lname
        if selfClosing || Self.voidHTMLElements.contains(lname) { closeTop() }
        return i
    }

    private mutating func openElement(qname: String, rawAttributes: [(name: String, value: String)]) throws(Failure) {
        guard stack.count < limits.maxDepth else { throw .tooDeep(limits.maxDepth) }
        guard document.elements.count < limits.maxElements else { throw .tooManyElements(limits.maxElements) }
        var pushed: [Substring] = []
        var seen = Set<Substring>()
        for (name, value) in rawAttributes where name == "xmlns" || name.hasPrefix("xmlns:") {
            let prefix = name == "xmlns" ? "" : name.dropFirst(6)
            guard seen.insert(prefix).inserted else { continue }
            let key = namespaceKey(value)
            scopes[prefix, default: []].append(key)
            pushed.append(prefix)
            if document.declaredNamespaces.count < 256 { document.declaredNamespaces.insert(key) }
        }
        declaredPrefixes.append(pushed)
        let (prefix, local) = Self.split(qname)
        let ns = resolve(prefix: prefix)
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(rawAttributes.count)
        for (name, value) in rawAttributes where name != "xmlns" && !name.hasPrefix("xmlns:") {
            let (aPrefix, aLocal) = Self.split(name)
            let aNS = aPrefix.map { resolve(prefix: $0) } ?? ""
            attributes.append(XMLAttribute(qname: name, lname: Self.lower(aLocal), ns: aNS, value: value))
        }
        let parent = stack.last ?? -1
        let base = XMLDocument.base(of: attributes, inheriting: parent >= 0 ? document.elements[parent].base : documentURL)
        var lang = parent >= 0 ? document.elements[parent].lang : nil
        for attribute in attributes where attribute.ns == Namespaces.xml && attribute.lname == "lang" {
            lang = attribute.value.replacingOccurrences(of: "_", with: "-")
        }
        let index = document.elements.count
        document.elements.append(XMLElement(
            qname: qname, lname: Self.lower(local), ns: ns, attributes: attributes, parent: parent,
            base: base, lang: lang))
        if parent >= 0 {
            document.elements[parent].children.append(.element(index))
        } else if document.root == nil {
            document.root = index
        } else {
            document.extraRoots.append(index)
        }
        stack.append(index)
        openNames[Self.lower(qname[...]), default: 0] += 1
    }

    private mutating func closeTop() {
        let closed = stack.removeLast()
        openNames[Self.lower(document.elements[closed].qname[...]), default: 1] -= 1
        for prefix in declaredPrefixes.removeLast() { scopes[prefix]?.removeLast() }
        if stack.isEmpty, !continueAfterRoot { rootClosed = true }
    }

    private mutating func endTag(_ p: UnsafeBufferPointer<UInt8>, at tagStart: Int) -> Int {
        let n = p.count
        var i = tagStart + 2
        let nameStart = i
        while i < n, Self.isNameChar(p[i]) { i += 1 }
        let qname = string(p, nameStart..<i)
        while i < n, p[i] != 0x3E, p[i] != 0x3C { i += 1 }
        if i < n, p[i] == 0x3E { i += 1 }
        let lowered = Self.lower(qname[...])
        let isOpen = (openNames[lowered] ?? 0) > 0
        if isOpen, let depth = stack.lastIndex(where: { document.elements[$0].qname == qname })
            ?? stack.lastIndex(where: { Self.lower(document.elements[$0].qname[...]) == lowered }) {
            if depth < stack.count - 1, !warnedAboutEndTags {
                warnedAboutEndTags = true
                document.warnings.append(ParseWarning(field: "document", rawValue: "</\(qname)>",
                                                      reason: "end tag closes elements that were left open"))
            }
            while stack.count > depth { closeTop() }
        } else if !warnedAboutEndTags {
            warnedAboutEndTags = true
            document.warnings.append(ParseWarning(field: "document", rawValue: "</\(qname)>",
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

    // MARK: Names and namespaces

    private mutating func namespaceKey(_ uri: String) -> String {
        if let cached = nsCache[uri] { return cached }
        let key = Namespaces.key(forURI: uri)
        nsCache[uri] = key
        return key
    }

    private func resolve(prefix: Substring?) -> String {
        if let key = scopes[prefix ?? ""]?.last { return key }
        return prefix.map(Namespaces.key(forUndeclaredPrefix:)) ?? ""
    }

    static func split(_ qname: String) -> (Substring?, Substring) {
        guard let colon = qname.firstIndex(of: ":") else { return (nil, qname[...]) }
        return (qname[..<colon], qname[qname.index(after: colon)...])
    }

    static func lower(_ s: Substring) -> String {
        s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? s.lowercased() : String(s)
    }

    static let voidHTMLElements: Set<String> = ["br", "img", "hr", "input", "wbr", "area", "col", "embed", "param"]

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    @inline(__always) static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x5F || c == 0x3A || c >= 0x80
    }

    @inline(__always) static func isNameChar(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
    }

    @inline(__always) static func isAttributeNameEnd(_ c: UInt8) -> Bool {
        isSpace(c) || c == 0x3D || c == 0x3E || c == 0x2F || c == 0x3C
    }
}
