/// Text, references and attribute values.
extension XMLTreeBuilder {
    func string(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
    }

    /// Appends character data to the open element, merging with a preceding text run.
    mutating func appendText(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, raw: Bool) {
        let slice = UnsafeBufferPointer(rebasing: p[range])
        let text = raw || ByteSearch.first(0x26, in: p, from: range.lowerBound, to: range.upperBound) == nil
            ? String(decoding: slice, as: UTF8.self) : decodeReferences(slice)
        appendLiteral(text)
    }

    mutating func appendLiteral(_ text: String) {
        guard let top = stack.last else { return }
        if case .text(var previous)? = document.elements[top].children.last {
            document.elements[top].children.removeLast()
            previous += text
            document.elements[top].children.append(.text(previous))
        } else {
            document.elements[top].children.append(.text(text))
        }
    }

    /// An attribute value with references decoded and whitespace normalised as XML requires.
    mutating func attributeValue(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: p[range])
        let hasReference = ByteSearch.first(0x26, in: p, from: range.lowerBound, to: range.upperBound) != nil
        var value = hasReference ? decodeReferences(slice) : String(decoding: slice, as: UTF8.self)
        if value.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
            value = String(value.map { $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        }
        return value
    }

    /// Decodes references: XML's five, numeric, internal-DTD entities (one level, within the byte budget), then
    /// HTML names. Anything unknown stays as written.
    mutating func decodeReferences(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        var out = scratch
        out.removeAll(keepingCapacity: true)
        var expanded = expandedBytes
        var overBudget = false
        let entities = dtdEntities
        let budget = limits.maxEntityExpansionBytes
        CharacterReferences.decode(slice, into: &out) { name in
            if !entities.isEmpty, let value = entities[name] {
                guard expanded + value.utf8.count <= budget else { overBudget = true; return nil }
                expanded += value.utf8.count
                return value
            }
            return HTMLEntities.table[name]
        }
        if overBudget, expandedBytes <= budget {
            document.warnings.append(ParseWarning(field: "document", rawValue: "entity expansion",
                                                  reason: "entity expansion budget exceeded; references left as written"))
            expanded = budget + 1
        }
        expandedBytes = expanded
        let text = String(decoding: out, as: UTF8.self)
        scratch = out
        return text
    }
}
