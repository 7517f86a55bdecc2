/// Text, references and attribute values.
extension XMLTreeBuilder {
    func string(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        ValidUTF8.string(p, range)
    }

    /// Appends character data to the open element, merging with a preceding text run.
    mutating func appendText(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, raw: Bool) {
        guard let top = stack.last else { return }
        let slice = UnsafeBufferPointer(rebasing: p[range])
        let start = document.characters.count
        if raw || ByteSearch.first(0x26, in: p, from: range.lowerBound, to: range.upperBound) == nil {
            document.characters.append(contentsOf: slice)
        } else {
            var characters: [UInt8] = []
            swap(&characters, &document.characters)  // decoded in place, not copied: the decoder needs self too
            decodeReferences(slice, into: &characters)
            swap(&characters, &document.characters)
        }
        appendRun(from: start, to: top)
    }

    mutating func appendLiteral(_ byte: UInt8) {
        guard let top = stack.last else { return }
        let start = document.characters.count
        document.characters.append(byte)
        appendRun(from: start, to: top)
    }

    /// Makes the characters from `start` to the end a text child of `top`, or part of its last one.
    private mutating func appendRun(from start: Int, to top: Int) {
        let end = document.characters.count
        guard case .text(let previous)? = document.lastChild(of: top) else {
            document.append(.text(start..<end), to: top)
            return
        }
        if previous.upperBound != start {
            // Only text of this element can have been added since its last run, so this does not happen; were it
            // to, the run is moved after the earlier one so that the two stay one.
            let added = Array(document.characters[start..<end])
            document.characters.removeSubrange(start..<end)
            document.characters.append(contentsOf: document.characters[previous])
            document.characters.append(contentsOf: added)
            let merged = (document.characters.count - previous.count - added.count)..<document.characters.count
            document.replaceLastChild(of: top, with: .text(merged))
            return
        }
        document.replaceLastChild(of: top, with: .text(previous.lowerBound..<end))
    }

    /// An attribute value with references decoded and whitespace normalised as XML requires.
    mutating func attributeValue(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: p[range])
        let hasReference = ByteSearch.first(0x26, in: p, from: range.lowerBound, to: range.upperBound) != nil
        if !hasReference, !slice.contains(where: Self.isLineOrTab) { return ValidUTF8.string(slice) }
        var out = scratch
        out.removeAll(keepingCapacity: true)
        if hasReference { decodeReferences(slice, into: &out) } else { out.append(contentsOf: slice) }
        if out.contains(where: Self.isLineOrTab) { Self.normalizeLinesAndTabs(&out) }
        let value = ValidUTF8.string(out)
        scratch = out
        return value
    }

    private static func isLineOrTab(_ c: UInt8) -> Bool { c == 0x0A || c == 0x09 || c == 0x0D }

    /// Each tab, line feed, carriage return or CR LF pair becomes one space (a CR LF is one `Character`).
    private static func normalizeLinesAndTabs(_ bytes: inout [UInt8]) {
        var w = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if isLineOrTab(c) {
                bytes[w] = 0x20
                i += c == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
            } else {
                bytes[w] = c
                i += 1
            }
            w += 1
        }
        bytes.removeLast(n - w)
    }

    /// Appends `slice` to `out` with references decoded: XML's five, numeric, internal-DTD entities (one level,
    /// within the byte budget), then HTML names. Anything unknown stays as written.
    mutating func decodeReferences(_ slice: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
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
    }
}
