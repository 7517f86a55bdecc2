/// Comments, CDATA sections, processing instructions and the DOCTYPE.
extension XMLTreeBuilder {
    /// Index just past the first occurrence of `terminator` at or after `from`, or the end of input.
    func skip(_ p: UnsafeBufferPointer<UInt8>, from: Int, past terminator: StaticString) -> Int {
        ByteSearch.first(terminator, in: p, from: from).map { $0 + terminator.utf8CodeUnitCount } ?? p.count
    }

    func hasPrefix(_ p: UnsafeBufferPointer<UInt8>, at i: Int, _ prefix: String, caseInsensitive: Bool = false) -> Bool {
        var k = i
        for byte in prefix.utf8 {
            guard k < p.count else { return false }
            let c = caseInsensitive ? (p[k] >= 0x61 && p[k] <= 0x7A ? p[k] - 0x20 : p[k]) : p[k]
            guard c == byte else { return false }
            k += 1
        }
        return true
    }

    /// Handles `<!…`: comment, CDATA, DOCTYPE or another declaration.
    mutating func markupDeclaration(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        if hasPrefix(p, at: i, "<!--") {
            return skip(p, from: i + 4, past: "-->")
        }
        if hasPrefix(p, at: i, "<![CDATA[") {
            let start = i + 9
            if let end = ByteSearch.first("]]>", in: p, from: start) {
                if !stack.isEmpty { appendText(p, start..<end, raw: true) }
                return end + 3
            }
            if !stack.isEmpty { appendText(p, start..<p.count, raw: true) }
            document.warnings.append(ParseWarning(field: "document", rawValue: "<![CDATA[",
                                                  reason: "CDATA section not closed before the end"))
            return p.count
        }
        if hasPrefix(p, at: i, "<!DOCTYPE", caseInsensitive: true) {
            return doctype(p, at: i + 9)
        }
        return skip(p, from: i + 2, past: ">")
    }

    /// Skips a DOCTYPE, remembering simple internal general entities (`<!ENTITY name "text">`). External
    /// identifiers and parameter entities are never fetched or expanded.
    private mutating func doctype(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let n = p.count
        var i = start
        var quote: UInt8 = 0
        while i < n {
            let c = p[i]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            } else if c == 0x3E {
                return i + 1
            } else if c == 0x5B {
                i = internalSubset(p, at: i + 1)
                continue
            }
            i += 1
        }
        return n
    }

    private mutating func internalSubset(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let n = p.count
        var i = start
        while i < n {
            let c = p[i]
            if c == 0x5D { return i + 1 }
            if hasPrefix(p, at: i, "<!--") { i = skip(p, from: i + 4, past: "-->"); continue }
            if hasPrefix(p, at: i, "<!ENTITY") { i = entityDeclaration(p, at: i + 8); continue }
            if c == 0x3C {
                // Another declaration: skip to its '>' honouring quotes.
                var quote: UInt8 = 0
                i += 1
                while i < n {
                    let d = p[i]
                    if quote != 0 { if d == quote { quote = 0 } }
                    else if d == 0x22 || d == 0x27 { quote = d }
                    else if d == 0x3E { break }
                    i += 1
                }
            }
            i += 1
        }
        return n
    }

    private mutating func entityDeclaration(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let n = p.count
        var i = start
        while i < n, Self.isSpace(p[i]) { i += 1 }
        let parameter = i < n && p[i] == 0x25
        if parameter { i += 1; while i < n, Self.isSpace(p[i]) { i += 1 } }
        let nameStart = i
        while i < n, Self.isNameChar(p[i]) { i += 1 }
        let name = string(p, nameStart..<i)
        while i < n, Self.isSpace(p[i]) { i += 1 }
        var value: String?
        if i < n, p[i] == 0x22 || p[i] == 0x27 {
            let quote = p[i]
            var k = i + 1
            while k < n, p[k] != quote { k += 1 }
            if !parameter, k - i <= 65_536 {
                let raw = UnsafeBufferPointer(rebasing: p[(i + 1)..<min(k, n)])
                var out: [UInt8] = []
                CharacterReferences.decode(raw, into: &out) { HTMLEntities.table[$0] }
                value = String(decoding: out, as: UTF8.self)
            }
            i = k + 1
        }
        while i < n, p[i] != 0x3E { i += 1 }
        if let value, !name.isEmpty, dtdEntities.count < 1_000, dtdEntities[name] == nil {
            dtdEntities[name] = value
        }
        return min(i + 1, n)
    }
}
