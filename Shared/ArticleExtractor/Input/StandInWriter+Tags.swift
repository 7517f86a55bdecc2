/// Reading tags as Gumbo's tokenizer does, and writing start tags and text runs with their stand-ins.
extension StandInWriter {
    struct Attribute {
        var nameStart: Int
        var nameEnd: Int
        /// The value's bytes (inside the quotes), empty when there is none.
        var value: Range<Int>
        var hasValue: Bool
        /// The end of the attribute as written (after its closing quote).
        var end: Int
    }

    struct ScannedTag {
        var nameStart: Int
        var nameEnd: Int
        var end: Int
        var selfClosing = false
        /// Read by Gumbo in a way that rewriting its attributes would change: a `>` where a value was due, an
        /// attribute name starting with `=` (which would become a value once the `/` before it is gone), a
        /// repeated name without a value (which Gumbo prefixes to the next attribute's name).
        var malformed = false
    }

    /// Reads a tag from its name to its `>` as Gumbo's tokenizer does, its attributes into ``attributes``; nil
    /// when the page ends inside it (Gumbo drops such a tag).
    mutating func scanTag(nameStart: Int) -> ScannedTag? {
        attributes.removeAll(keepingCapacity: true)
        var index = nameStart
        while index < count {
            let byte = source[index]
            if HTMLByte.isIn(byte, HTMLByte.tagNameEnds) { break }
            index += 1
        }
        var tag = ScannedTag(nameStart: nameStart, nameEnd: index, end: index)
        while true {
            // Before an attribute name.
            while index < count, HTMLByte.isSpace(source[index]) { index += 1 }
            guard index < count else { return nil }
            var byte = source[index]
            if byte == UInt8(ascii: ">") {
                tag.end = index + 1
                return tag
            }
            if byte == UInt8(ascii: "/") {
                index += 1
                guard index < count else { return nil }
                if source[index] == UInt8(ascii: ">") {
                    tag.selfClosing = true
                    tag.end = index + 1
                    return tag
                }
                continue
            }
            // An attribute name: its first character whatever it is, then up to whitespace, `/`, `=` or `>`.
            let nameStart = index
            index += 1
            while index < count {
                byte = source[index]
                if HTMLByte.isIn(byte, HTMLByte.attributeNameEnds) { break }
                index += 1
            }
            let nameEnd = index
            if source[nameStart] == UInt8(ascii: "=") { tag.malformed = true }
            while index < count, HTMLByte.isSpace(source[index]) { index += 1 }
            guard index < count else { return nil }
            guard source[index] == UInt8(ascii: "=") else {
                if isRepeated(nameStart..<nameEnd) { tag.malformed = true }
                attributes.append(Attribute(nameStart: nameStart, nameEnd: nameEnd, value: nameEnd..<nameEnd, hasValue: false, end: nameEnd))
                continue
            }
            index += 1
            while index < count, HTMLByte.isSpace(source[index]) { index += 1 }
            guard index < count else { return nil }
            byte = source[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let close = find(byte, from: index + 1)
                guard close < count else { return nil }
                attributes.append(Attribute(nameStart: nameStart, nameEnd: nameEnd, value: index + 1..<close, hasValue: true, end: close + 1))
                index = close + 1
            } else if byte == UInt8(ascii: ">") {
                tag.malformed = true
                tag.end = index + 1
                return tag
            } else {
                let valueStart = index
                while index < count, !HTMLByte.isIn(source[index], HTMLByte.unquotedValueEnds) { index += 1 }
                guard index < count else { return nil }
                attributes.append(Attribute(nameStart: nameStart, nameEnd: nameEnd, value: valueStart..<index, hasValue: true, end: index))
            }
        }
    }

    /// Whether an attribute read before in this tag has the name `name` (ASCII letters compared without case).
    func isRepeated(_ name: Range<Int>) -> Bool {
        attributes.contains { earlier in
            earlier.nameEnd - earlier.nameStart == name.count
                && (0..<name.count).allSatisfy { HTMLByte.lowercased(source[earlier.nameStart + $0]) == HTMLByte.lowercased(source[name.lowerBound + $0]) }
        }
    }

    /// Writes a start tag without the attributes the extraction never reads, and with stand-ins for long values.
    mutating func writeStartTag(_ open: Int, _ tag: ScannedTag, _ kind: TagKind) {
        guard !kind.keepsTag, !(kind.isFormatting && formattingAsIs), !attributes.isEmpty else { return copy(open, tag.end) }
        if kind.isFormatting || tag.malformed { return writeValues(open, tag, deduplicated: kind.isFormatting) }
        guard written + (tag.end - open) + attributes.count * 3 + 2 <= outputCapacity else {
            outcome = .asIs
            return
        }
        let keepsAll = kind.isFormatting || kind.keepsEveryAttribute
        put(UInt8(ascii: "<"))
        copy(tag.nameStart, tag.nameEnd)
        for attribute in attributes {
            let known = KeptAttributes.index(of: source.baseAddress! + attribute.nameStart, count: attribute.nameEnd - attribute.nameStart)
            guard keepsAll || known != nil else { continue }
            put(0x20)
            // A known name longer than two letters is written as the marker and its number (but `type`, which
            // tree construction reads).
            if let known, known != KeptAttributes.typeIndex, !kind.keepsNames, attribute.nameEnd - attribute.nameStart > 2 {
                StandIns.writeName(known, at: output + written)
                written += StandIns.nameLength
            } else {
                copy(attribute.nameStart, attribute.nameEnd)
            }
            if attribute.hasValue, known != KeptAttributes.typeIndex, attribute.value.count > StandIns.length {
                if let number = standIn(attribute.value, deduplicated: kind.isFormatting) {
                    put(UInt8(ascii: "="))
                    StandIns.write(number, at: output + written)
                    written += StandIns.length
                    continue
                }
                if outcome != .done { return }
            }
            copy(attribute.nameEnd, attribute.end)
        }
        if tag.selfClosing {
            put(0x20)
            put(UInt8(ascii: "/"))
        }
        put(UInt8(ascii: ">"))
    }

    /// Writes a start tag as it is but for stand-ins in place of its long values: formatting elements keep all
    /// their attributes, and a malformed tag its every byte but those values (the quirks that make it so touch
    /// names, never values).
    mutating func writeValues(_ open: Int, _ tag: ScannedTag, deduplicated: Bool) {
        var position = open
        for attribute in attributes where attribute.hasValue && attribute.value.count > StandIns.length {
            guard let number = standIn(attribute.value, deduplicated: deduplicated) else {
                if outcome != .done { return }
                continue
            }
            // Quotes go too where what follows them ends an unquoted value the same way.
            let quoted = attribute.end > attribute.value.upperBound
            let unquotes = quoted && (attribute.end == count || HTMLByte.isSpace(source[attribute.end]) || source[attribute.end] == UInt8(ascii: ">"))
            copy(position, unquotes ? attribute.value.lowerBound - 1 : attribute.value.lowerBound)
            guard written + StandIns.length <= outputCapacity else {
                outcome = .asIs
                return
            }
            StandIns.write(number, at: output + written)
            written += StandIns.length
            position = unquotes ? attribute.end : attribute.value.upperBound
        }
        copy(position, tag.end)
    }

    /// The stand-in number of an attribute value worth replacing, or nil (the value is then written as it is).
    mutating func standIn(_ value: Range<Int>, deduplicated: Bool) -> Int? {
        guard decode(value.lowerBound, value.upperBound, inAttribute: true) else {
            discard()
            // Gumbo decodes what is left, and a formatting element's copied value may equal a replaced one.
            if deduplicated { outcome = .again }
            return nil
        }
        guard pendingCount > StandIns.length else {
            discard()
            return nil
        }
        guard deduplicated else { return commit() }
        replacedFormattingValue = true
        let pending = UnsafeBufferPointer(start: storage + pendingStart, count: pendingCount)
        let hash = Self.hash(pending)
        if let number = formattingValues.number(hash) {
            let earlier = UnsafeBufferPointer(start: storage + Int(starts[number]), count: Int(starts[number + 1] - starts[number]))
            guard earlier.elementsEqual(pending) else {
                outcome = .asIs
                return nil
            }
            discard()
            return number
        }
        guard let number = commit() else { return nil }
        formattingValues.insert(hash, number)
        return number
    }

    /// Where the value being decoded starts in ``storage``, and its bytes so far.
    var pendingStart: Int { Int(starts[starts.count - 1]) }
    var pendingCount: Int { stored - pendingStart }

    /// Forgets the value being decoded.
    mutating func discard() {
        stored = pendingStart
    }

    /// Makes the value being decoded the next stand-in's, returning its number (nil when they ran out).
    mutating func commit() -> Int? {
        guard starts.count <= StandIns.capacity else {
            outcome = .asIs
            return nil
        }
        starts.append(Int32(stored))
        return starts.count - 2
    }

    /// Writes the text between `start` and `end`: its leading whitespace, then a stand-in for the rest when
    /// that is long enough and decoded here.
    mutating func writeRun(_ start: Int, _ end: Int) {
        guard outcome == .done, start < end else { return }
        var first = start
        while first < end, HTMLByte.isSpace(source[first]) { first += 1 }
        guard end - first > StandIns.length else { return copy(start, end) }
        guard decode(first, end, inAttribute: false), pendingCount > StandIns.length, let number = commit() else {
            discard()
            return copy(start, end)
        }
        copy(start, first)
        StandIns.write(number, at: output + written)
        written += StandIns.length
    }
}
