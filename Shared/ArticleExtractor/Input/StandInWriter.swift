import Foundation

/// Gives Gumbo less to read: each long text run and attribute value becomes a seven-byte stand-in (see
/// ``StandIns``), which ``DocumentBuilder`` swaps back for the value, the names of the attributes the
/// extraction reads become two characters, and the other attributes are left out. The tree Gumbo builds is the
/// same but for those swapped strings.
///
/// Gumbo reads a page a character at a time, and each character of text is a token that goes through tree
/// construction on its own: text and attribute values were two thirds of what it read once the scripts were
/// gone. HTML's tree construction looks at text only to tell whitespace from the rest, and at attributes in a
/// few places; the writer keeps each of them:
/// - A run keeps its leading whitespace; its stand-in starts, like the run's decoded text, with a character
///   other than whitespace, after which every insertion mode treats a run's characters alike (but a frameset's,
///   where the writer stops).
/// - Values are decoded here as Gumbo decodes them (UTF-8 checked, the common character references), or left
///   alone: a value holding anything else (another reference, an invalid byte) stays in the markup as it was.
/// - `type` is never replaced, name or value (`<input type=hidden>` changes the tree); `<isindex>`, `<svg>` and
///   `<math>` tags are left as they are (their attributes are read or renamed by the parser). Names are replaced
///   one for one, so that the parser's checks for repeated names find the same ones, but never on `<html>` and
///   `<body>`, whose repeated tags' attributes are compared by name with those of an earlier tag written as it
///   was.
/// - Formatting elements (`<a>`, `<b>`…) keep all their attributes, and equal values get the same stand-in:
///   HTML compares their attributes to limit reopened copies to three. Where one value cannot be replaced,
///   the page is written again with formatting elements left as they are.
/// - A tag that Gumbo reads in a way that rewriting its attributes would change (a repeated name without a
///   value, which Gumbo prefixes to the next name; a name starting with `=`) keeps every byte but its long
///   values.
/// - Every tag the parser sees is read here the same way, and the tokenizer states that tree construction
///   switches to are followed: script, raw text and RCDATA up to their end tags, SVG and MathML while their
///   content stays foreign. Where the parser may switch in a way not followed here (plain text, a frameset,
///   foreign content that HTML tags end, raw text in a `<select>` or a `<template>`, which may ignore its start
///   tag), the rest of the page is copied as it is.
struct StandInWriter {
    /// The page, as ``ParserInput`` made it (no comments, no carriage returns, no control characters).
    private let source: UnsafeBufferPointer<UInt8>
    private let count: Int
    /// Leaves formatting elements' tags as they are (the second pass, when the first could not replace one of
    /// their values).
    private let formattingAsIs: Bool
    /// The bytes for Gumbo, written into memory reserved for more than a page can grow to (a space before each
    /// attribute and before `/>`, a name's stand-in two bytes longer than `src`, add less than half to a tag).
    private let output: UnsafeMutablePointer<UInt8>
    private let outputCapacity: Int
    private var written = 0
    /// The values, decoded (never longer than their markup), and where each starts.
    private let storage: UnsafeMutablePointer<UInt8>
    private var stored = 0
    private var starts: [Int32] = [0]
    private var outcome = Outcome.done
    /// Whether a formatting element's value was replaced (a later part copied as it is then needs a second pass).
    private var replacedFormattingValue = false
    private var inSelect = false
    /// How many `<template>` elements are open (each end tag closes one, as in HTML).
    private var openTemplates = 0
    /// The attributes of the tag being read.
    private var attributes: [Attribute] = []
    /// The numbers of formatting elements' values, by a hash of their bytes.
    private var formattingValues = ValueTable()

    private enum Outcome {
        case done
        /// A formatting element's value could not be replaced after others were: write again, leaving them.
        case again
        /// Stand-ins would not give the same tree (or ran out): parse the page as it is.
        case asIs
    }

    /// The bytes Gumbo is to read and the values their stand-ins stand for.
    static func substitute(_ input: [UInt8]) -> (bytes: [UInt8], standIns: StandIns) {
        input.withUnsafeBufferPointer { source in
            guard !mentionsMarker(source) else { return (input, StandIns()) }
            // Written straight into the arrays returned, whose memory beyond what is written is never touched.
            var starts: [Int32] = []
            var done = false
            let outputCapacity = source.count + source.count / 2 + 64
            var values: [UInt8] = []
            let bytes = [UInt8](unsafeUninitializedCapacity: outputCapacity) { output, written in
                values = [UInt8](unsafeUninitializedCapacity: source.count + 8) { storage, stored in
                    for formattingAsIs in [false, true] {
                        var writer = StandInWriter(source: source, formattingAsIs: formattingAsIs, output: output.baseAddress!,
                                                   outputCapacity: outputCapacity, storage: storage.baseAddress!)
                        writer.run()
                        if writer.outcome == .again { continue }
                        if writer.outcome == .done {
                            written = writer.written
                            stored = writer.stored
                            starts = writer.starts
                            done = true
                        }
                        return
                    }
                }
            }
            return done ? (bytes, StandIns(storage: values, starts: starts)) : (input, StandIns())
        }
    }

    private init(
        source: UnsafeBufferPointer<UInt8>, formattingAsIs: Bool, output: UnsafeMutablePointer<UInt8>, outputCapacity: Int,
        storage: UnsafeMutablePointer<UInt8>
    ) {
        self.source = source
        count = source.count
        self.formattingAsIs = formattingAsIs
        self.output = output
        self.outputCapacity = outputCapacity
        self.storage = storage
    }

    // MARK: The data state

    private mutating func run() {
        var index = 0
        var runStart = 0
        while outcome == .done {
            let open = find(UInt8(ascii: "<"), from: index)
            guard open + 1 < count else { break }
            let next = source[open + 1]
            if isLetter(next) {
                writeRun(runStart, open)
                guard let tag = scanTag(nameStart: open + 1) else { return copyRest(from: open) }
                let kind = TagKind(source, open + 1, tag.nameEnd)
                writeStartTag(open, tag, kind)
                guard let after = afterStartTag(tag, kind) else { return }
                index = after
            } else if next == UInt8(ascii: "/") {
                guard open + 2 < count else { break }
                let third = source[open + 2]
                if isLetter(third) {
                    writeRun(runStart, open)
                    guard let tag = scanTag(nameStart: open + 2) else { return copyRest(from: open) }
                    copy(open, tag.end)
                    if TagKind.isSelect(source, open + 2, tag.nameEnd) { inSelect = false }
                    if TagKind.isTemplate(source, open + 2, tag.nameEnd), openTemplates > 0 { openTemplates -= 1 }
                    index = tag.end
                } else {
                    // `</>` is nothing; `</` before anything else opens a bogus comment, up to `>`.
                    writeRun(runStart, open)
                    index = third == UInt8(ascii: ">") ? open + 3 : past(UInt8(ascii: ">"), from: open + 2)
                    copy(open, index)
                }
            } else if next == UInt8(ascii: "!") {
                writeRun(runStart, open)
                index = declarationEnd(open + 2)
                copy(open, index)
            } else if next == UInt8(ascii: "?") {
                writeRun(runStart, open)
                index = past(UInt8(ascii: ">"), from: open + 2)
                copy(open, index)
            } else {
                // A `<` that opens nothing is text.
                index = open + 1
                continue
            }
            runStart = index
        }
        if outcome == .done { writeRun(runStart, count) }
    }

    /// Copies the rest of the page as it is; formatting values replaced before then must not meet copied ones.
    private mutating func copyRest(from start: Int) {
        copy(start, count)
        if replacedFormattingValue, outcome == .done { outcome = .again }
    }

    /// After `<!`: a comment, a doctype or a bogus comment, as Gumbo's tokenizer ends them.
    private func declarationEnd(_ start: Int) -> Int {
        guard start + 1 < count, source[start] == UInt8(ascii: "-"), source[start + 1] == UInt8(ascii: "-") else {
            return past(UInt8(ascii: ">"), from: start)
        }
        enum State { case start, startDash, comment, endDash, end, endBang }
        var state = State.start
        var index = start + 2
        while index < count {
            let byte = source[index]
            index += 1
            switch (state, byte) {
            case (.start, UInt8(ascii: "-")): state = .startDash
            case (.start, UInt8(ascii: ">")), (.startDash, UInt8(ascii: ">")), (.end, UInt8(ascii: ">")),
                 (.endBang, UInt8(ascii: ">")):
                return index
            case (.startDash, UInt8(ascii: "-")), (.endDash, UInt8(ascii: "-")), (.end, UInt8(ascii: "-")): state = .end
            case (.comment, UInt8(ascii: "-")), (.endBang, UInt8(ascii: "-")): state = .endDash
            case (.end, UInt8(ascii: "!")): state = .endBang
            case (.comment, _): break
            default: state = .comment
            }
        }
        return count
    }

    /// What follows a start tag: the tokenizer state tree construction gives it. Nil when the rest of the page
    /// was copied as it is.
    private mutating func afterStartTag(_ tag: ScannedTag, _ kind: TagKind) -> Int? {
        switch kind.next {
        case .data:
            return tag.end
        case .select:
            inSelect = true
            return tag.end
        case .template:
            openTemplates += 1
            return tag.end
        case .script, .rawText, .rcdata:
            // In a select, and in a template's column group, these start tags may be ignored, their text then
            // being markup (in a select, a textarea closes it, and a script is read as in the head).
            if openTemplates > 0 || (inSelect && kind.isIgnoredInSelect) { break }
            return afterRawText(from: tag.end, name: tag.nameStart..<tag.nameEnd, isScript: kind.next == .script)
        case .foreign:
            if tag.selfClosing { return tag.end }
            return afterForeignContent(from: tag.end, root: tag.nameStart..<tag.nameEnd)
        case .rest:
            break
        }
        copyRest(from: tag.end)
        return nil
    }

    /// Copies raw text up to the end tag of `name` and that end tag; the index after it, or nil when the page
    /// ended first (or a script's text holds `<!--`, after which HTML's script states are not followed here).
    private mutating func afterRawText(from start: Int, name: Range<Int>, isScript: Bool) -> Int? {
        var index = start
        while true {
            index = find(UInt8(ascii: "<"), from: index)
            guard index < count else { break }
            if let nameStart = endTag(at: index, named: name) {
                if isScript, contains("<!--", start, index) { break }
                guard let closing = scanTag(nameStart: nameStart) else { break }
                copy(start, closing.end)
                return closing.end
            }
            index += 1
        }
        copyRest(from: start)
        return nil
    }

    /// Copies foreign content as it is up to the end tag that leaves it; the index after that end tag, or nil
    /// (the rest copied) when the content holds something that could bring HTML's rules back into it: a tag
    /// that ends foreign content, an integration point holding markup, a CDATA section, an end tag that does
    /// not close the innermost open element.
    private mutating func afterForeignContent(from start: Int, root: Range<Int>) -> Int? {
        var open = [root]
        var index = start
        following: while let innermost = open.last {
            index = find(UInt8(ascii: "<"), from: index)
            guard index + 2 < count else { break }
            let next = source[index + 1]
            if isLetter(next) {
                guard let tag = scanTag(nameStart: index + 1), !tag.malformed else { break }
                switch ForeignTag(source, tag.nameStart, tag.nameEnd) {
                case .leaves:
                    break following
                case .element:
                    if !tag.selfClosing { open.append(tag.nameStart..<tag.nameEnd) }
                    index = tag.end
                case .textOnly:
                    guard !tag.selfClosing else {
                        index = tag.end
                        continue
                    }
                    let close = find(UInt8(ascii: "<"), from: tag.end)
                    guard close < count, let nameStart = endTag(at: close, named: tag.nameStart..<tag.nameEnd),
                          let closing = scanTag(nameStart: nameStart) else { break following }
                    index = closing.end
                }
            } else if next == UInt8(ascii: "/") {
                guard let nameStart = endTag(at: index, named: innermost), let closing = scanTag(nameStart: nameStart) else {
                    break
                }
                open.removeLast()
                index = closing.end
            } else if next == UInt8(ascii: "!") {
                // Here `<![CDATA[` opens a CDATA section, whose `<` are text.
                if source[index + 2] == UInt8(ascii: "[") { break }
                index = declarationEnd(index + 2)
            } else if next == UInt8(ascii: "?") {
                index = past(UInt8(ascii: ">"), from: index + 2)
            } else {
                index += 1
            }
        }
        guard open.isEmpty else {
            copyRest(from: start)
            return nil
        }
        copy(start, index)
        return index
    }

    /// The start of the name in `</name` at `index`, when that is an end tag of `name` (followed by
    /// whitespace, `/` or `>`).
    private func endTag(at index: Int, named name: Range<Int>) -> Int? {
        let after = index + 2 + name.count
        guard after < count, source[index] == UInt8(ascii: "<"), source[index + 1] == UInt8(ascii: "/") else { return nil }
        for offset in 0..<name.count where source[index + 2 + offset] | 0x20 != source[name.lowerBound + offset] | 0x20 {
            return nil
        }
        let next = source[after]
        return isSpace(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ">") ? index + 2 : nil
    }

    // MARK: Tags

    private struct Attribute {
        var nameStart: Int
        var nameEnd: Int
        /// The value's bytes (inside the quotes), empty when there is none.
        var value: Range<Int>
        var hasValue: Bool
        /// The end of the attribute as written (after its closing quote).
        var end: Int
    }

    private struct ScannedTag {
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
    private mutating func scanTag(nameStart: Int) -> ScannedTag? {
        attributes.removeAll(keepingCapacity: true)
        var index = nameStart
        while index < count {
            let byte = source[index]
            if isIn(byte, tagNameEnds) { break }
            index += 1
        }
        var tag = ScannedTag(nameStart: nameStart, nameEnd: index, end: index)
        while true {
            // Before an attribute name.
            while index < count, isSpace(source[index]) { index += 1 }
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
                if isIn(byte, attributeNameEnds) { break }
                index += 1
            }
            let nameEnd = index
            if source[nameStart] == UInt8(ascii: "=") { tag.malformed = true }
            while index < count, isSpace(source[index]) { index += 1 }
            guard index < count else { return nil }
            guard source[index] == UInt8(ascii: "=") else {
                if isRepeated(nameStart..<nameEnd) { tag.malformed = true }
                attributes.append(Attribute(nameStart: nameStart, nameEnd: nameEnd, value: nameEnd..<nameEnd, hasValue: false, end: nameEnd))
                continue
            }
            index += 1
            while index < count, isSpace(source[index]) { index += 1 }
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
                while index < count, !isIn(source[index], unquotedValueEnds) { index += 1 }
                guard index < count else { return nil }
                attributes.append(Attribute(nameStart: nameStart, nameEnd: nameEnd, value: valueStart..<index, hasValue: true, end: index))
            }
        }
    }

    /// Whether an attribute read before in this tag has the name `name` (ASCII letters compared without case).
    private func isRepeated(_ name: Range<Int>) -> Bool {
        attributes.contains { earlier in
            earlier.nameEnd - earlier.nameStart == name.count
                && (0..<name.count).allSatisfy { source[earlier.nameStart + $0].asciiLowercased == source[name.lowerBound + $0].asciiLowercased }
        }
    }

    /// Writes a start tag without the attributes the extraction never reads, and with stand-ins for long values.
    private mutating func writeStartTag(_ open: Int, _ tag: ScannedTag, _ kind: TagKind) {
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
    private mutating func writeValues(_ open: Int, _ tag: ScannedTag, deduplicated: Bool) {
        var position = open
        for attribute in attributes where attribute.hasValue && attribute.value.count > StandIns.length {
            guard let number = standIn(attribute.value, deduplicated: deduplicated) else {
                if outcome != .done { return }
                continue
            }
            // Quotes go too where what follows them ends an unquoted value the same way.
            let quoted = attribute.end > attribute.value.upperBound
            let unquotes = quoted && (attribute.end == count || isSpace(source[attribute.end]) || source[attribute.end] == UInt8(ascii: ">"))
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
    private mutating func standIn(_ value: Range<Int>, deduplicated: Bool) -> Int? {
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
    private var pendingStart: Int { Int(starts[starts.count - 1]) }
    private var pendingCount: Int { stored - pendingStart }

    /// Forgets the value being decoded.
    private mutating func discard() {
        stored = pendingStart
    }

    /// Makes the value being decoded the next stand-in's, returning its number (nil when they ran out).
    private mutating func commit() -> Int? {
        guard starts.count <= StandIns.capacity else {
            outcome = .asIs
            return nil
        }
        starts.append(Int32(stored))
        return starts.count - 2
    }

    // MARK: Text

    /// Writes the text between `start` and `end`: its leading whitespace, then a stand-in for the rest when
    /// that is long enough and decoded here.
    private mutating func writeRun(_ start: Int, _ end: Int) {
        guard outcome == .done, start < end else { return }
        var first = start
        while first < end, isSpace(source[first]) { first += 1 }
        guard end - first > StandIns.length else { return copy(start, end) }
        guard decode(first, end, inAttribute: false), pendingCount > StandIns.length, let number = commit() else {
            discard()
            return copy(start, end)
        }
        copy(start, first)
        StandIns.write(number, at: output + written)
        written += StandIns.length
    }

    // MARK: Decoding

    /// Appends to the pending stand-in the text of `start..<end` as Gumbo decodes it; false when it holds
    /// something decoded here in no way known to equal Gumbo's (the caller discards what was appended).
    private mutating func decode(_ start: Int, _ end: Int, inAttribute: Bool) -> Bool {
        guard let base = source.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = start
        var segment = start
        while index < end {
            // Eight bytes at a time while they are ASCII without `&`.
            if index + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0, !Self.hasByte(word, 0x26) {
                    index += 8
                    continue
                }
            }
            let byte = source[index]
            if byte < 0x80 {
                guard byte == UInt8(ascii: "&") else {
                    index += 1
                    continue
                }
                switch reference(at: index, end: end, inAttribute: inAttribute) {
                case .literal:
                    index += 1
                case .unknown:
                    return false
                case .scalar(let scalar, let length):
                    append(segment, index)
                    appendUTF8(scalar)
                    index += length
                    segment = index
                }
                continue
            }
            guard let width = scalarWidth(at: index, end: end) else { return false }
            index += width
        }
        append(segment, end)
        return true
    }

    private enum Reference {
        /// Not a reference: the `&` is text.
        case literal
        /// A reference decoded to a scalar, and its length in bytes.
        case scalar(UInt32, Int)
        /// Something Gumbo decodes that is not decoded here.
        case unknown
    }

    /// What Gumbo makes of the `&` at `index` (a value or run ends at `end`).
    private func reference(at index: Int, end: Int, inAttribute: Bool) -> Reference {
        let next = index + 1
        // At the end of a value the next character is its quote, `>` or whitespace; at the end of a run, `<`.
        guard next < end else { return .literal }
        let byte = source[next]
        if isSpace(byte) || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return .literal }
        if byte == UInt8(ascii: "#") { return numericReference(at: index, end: end) }
        guard isLetter(byte) || isDigit(byte) else { return .literal }
        var nameEnd = next
        while nameEnd < end, isLetter(source[nameEnd]) || isDigit(source[nameEnd]) { nameEnd += 1 }
        if nameEnd < end, source[nameEnd] == UInt8(ascii: ";") {
            guard let base = source.baseAddress,
                  let scalar = NamedReferences.scalar(base + next, count: nameEnd - next) else { return .unknown }
            return .scalar(scalar, nameEnd + 1 - index)
        }
        // In a value, a name without its `;` followed by `=` or a letter is text, whatever the name.
        if inAttribute, nameEnd < end, source[nameEnd] == UInt8(ascii: "=") { return .literal }
        return .unknown
    }

    /// `&#…;` and `&#x…;` with their `;`, for scalars that Gumbo keeps as they are (no whitespace, controls,
    /// surrogates or noncharacters, which it reports or replaces).
    private func numericReference(at index: Int, end: Int) -> Reference {
        var position = index + 2
        let hex = position < end && source[position] | 0x20 == UInt8(ascii: "x")
        if hex { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while position < end {
            let byte = source[position]
            let digit: UInt32
            if isDigit(byte) {
                digit = UInt32(byte - UInt8(ascii: "0"))
            } else if hex, byte | 0x20 >= UInt8(ascii: "a"), byte | 0x20 <= UInt8(ascii: "f") {
                digit = UInt32(byte | 0x20 - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            value = value * (hex ? 16 : 10) + digit
            guard value <= 0x10FFFF else { return .unknown }
            digits += 1
            position += 1
        }
        guard digits > 0, position < end, source[position] == UInt8(ascii: ";") else { return .unknown }
        switch value {
        case 0x21...0x7E, 0xA0...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD:
            return .scalar(value, position + 1 - index)
        case 0x10000...0x10FFFC where value & 0xFFFE != 0xFFFE:
            return .scalar(value, position + 1 - index)
        default:
            return .unknown
        }
    }

    /// The length of the valid UTF-8 sequence at `index`, nil when it is invalid or a code point Gumbo replaces
    /// (a C1 control, a noncharacter).
    private func scalarWidth(at index: Int, end: Int) -> Int? {
        let first = source[index]
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard index + offset < end else { return nil }
            let byte = source[index + offset]
            return byte >= low && byte <= high ? UInt32(byte & 0x3F) : nil
        }
        switch first {
        case 0xC2...0xDF:
            guard let second = continuation(1) else { return nil }
            let scalar = UInt32(first & 0x1F) << 6 | second
            return scalar >= 0xA0 ? 2 : nil
        case 0xE0...0xEF:
            let low: UInt8 = first == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = first == 0xED ? 0x9F : 0xBF
            guard let second = continuation(1, low, high), let third = continuation(2) else { return nil }
            let scalar = UInt32(first & 0x0F) << 12 | second << 6 | third
            if scalar >= 0xFDD0, scalar <= 0xFDEF { return nil }
            return scalar & 0xFFFE == 0xFFFE ? nil : 3
        case 0xF0...0xF4:
            let low: UInt8 = first == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = first == 0xF4 ? 0x8F : 0xBF
            guard let second = continuation(1, low, high), let third = continuation(2), let fourth = continuation(3) else { return nil }
            let scalar = UInt32(first & 0x07) << 18 | second << 12 | third << 6 | fourth
            return scalar & 0xFFFE == 0xFFFE ? nil : 4
        default:
            return nil
        }
    }

    // MARK: Bytes

    /// Copies `start..<end` of the page to the output.
    private mutating func copy(_ start: Int, _ end: Int) {
        guard start < end else { return }
        guard written + end - start <= outputCapacity else {
            outcome = .asIs
            return
        }
        (output + written).update(from: source.baseAddress! + start, count: end - start)
        written += end - start
    }

    private mutating func put(_ byte: UInt8) {
        output[written] = byte
        written += 1
    }

    /// Appends `start..<end` of the page to the value being decoded.
    private mutating func append(_ start: Int, _ end: Int) {
        guard start < end else { return }
        (storage + stored).update(from: source.baseAddress! + start, count: end - start)
        stored += end - start
    }

    private mutating func store(_ byte: UInt32) {
        storage[stored] = UInt8(truncatingIfNeeded: byte)
        stored += 1
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            store(scalar)
        case 0x80..<0x800:
            store(0xC0 | scalar >> 6)
            store(0x80 | scalar & 0x3F)
        case 0x800..<0x10000:
            store(0xE0 | scalar >> 12)
            store(0x80 | scalar >> 6 & 0x3F)
            store(0x80 | scalar & 0x3F)
        default:
            store(0xF0 | scalar >> 18)
            store(0x80 | scalar >> 12 & 0x3F)
            store(0x80 | scalar >> 6 & 0x3F)
            store(0x80 | scalar & 0x3F)
        }
    }

    private func find(_ byte: UInt8, from start: Int) -> Int {
        MarkupPrescan.find(byte, in: source, from: start)
    }

    /// The index after the next `byte` from `start`, or the end.
    private func past(_ byte: UInt8, from start: Int) -> Int {
        let found = find(byte, from: start)
        return found < count ? found + 1 : count
    }

    private func contains(_ needle: StaticString, _ start: Int, _ end: Int) -> Bool {
        let length = needle.utf8CodeUnitCount
        guard end - start >= length else { return false }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: length)
        var index = start
        while index + length <= end {
            index = find(pattern[0], from: index)
            guard index + length <= end else { return false }
            if (0..<length).allSatisfy({ source[index + $0] == pattern[$0] }) { return true }
            index += 1
        }
        return false
    }

    /// Whether the page holds U+10FFFD, or a numeric reference that could become it (one too long to be sure
    /// of counts): then stand-ins could not be told from the page's own text.
    private static func mentionsMarker(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = source.count
        var index = 0
        while true {
            index = MarkupPrescan.find(StandIns.marker.0, in: source, from: index)
            guard index + 3 < count else { break }
            if source[index + 1] == StandIns.marker.1, source[index + 2] == StandIns.marker.2,
               source[index + 3] == StandIns.marker.3 { return true }
            index += 1
        }
        index = 0
        while true {
            index = MarkupPrescan.find(UInt8(ascii: "&"), in: source, from: index)
            guard index + 2 < count else { break }
            index += 1
            guard source[index] == UInt8(ascii: "#") else { continue }
            var position = index + 1
            let hex = source[position] | 0x20 == UInt8(ascii: "x")
            if hex { position += 1 }
            var value = 0
            while position < count {
                let byte = source[position] | 0x20
                let digit: Int
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    digit = Int(byte - UInt8(ascii: "0"))
                } else if hex, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "f") {
                    digit = Int(byte - UInt8(ascii: "a") + 10)
                } else {
                    break
                }
                value = value * (hex ? 16 : 10) + digit
                // Gumbo's count of an int may wrap around past this.
                if value > 0x7FF_FFFF { return true }
                position += 1
            }
            if value == 0x10FFFD { return true }
        }
        return false
    }

    /// FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// Whether one of the eight bytes of `word` is `byte`.
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let spread = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080 != 0
    }
}

/// HTML's whitespace in the tokenizer (carriage returns are gone by now).
private func isSpace(_ byte: UInt8) -> Bool {
    isIn(byte, spaces)
}

/// Whether `byte` is one of the bytes below 64 whose bits are set in `set`.
private func isIn(_ byte: UInt8, _ set: UInt64) -> Bool {
    byte < 64 && set >> byte & 1 != 0
}

/// Tab, line feed, form feed and space.
private let spaces: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x20
/// What ends a tag's name: whitespace, `/`, `>`.
private let tagNameEnds: UInt64 = spaces | 1 << 0x2F | 1 << 0x3E
/// What ends an attribute's name: those and `=`.
private let attributeNameEnds: UInt64 = tagNameEnds | 1 << 0x3D
/// What ends an unquoted value: whitespace and `>`.
private let unquotedValueEnds: UInt64 = spaces | 1 << 0x3E

private func isLetter(_ byte: UInt8) -> Bool {
    byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
}

extension UInt8 {
    fileprivate var asciiLowercased: UInt8 { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self }
}

private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

/// Numbers by 64-bit hash, open addressing: the few hundred distinct values of a page's formatting elements,
/// without hashing each hash again as a `Dictionary` would.
private struct ValueTable {
    private var hashes = [UInt64](repeating: 0, count: 256)
    /// Each slot's number plus one; 0 for an empty slot.
    private var numbers = [Int32](repeating: 0, count: 256)
    private var used = 0

    func number(_ hash: UInt64) -> Int? {
        let mask = hashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while numbers[slot] != 0 {
            if hashes[slot] == hash { return Int(numbers[slot]) - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    mutating func insert(_ hash: UInt64, _ number: Int) {
        if (used + 1) * 2 > hashes.count { grow() }
        let mask = hashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while numbers[slot] != 0 { slot = (slot + 1) & mask }
        hashes[slot] = hash
        numbers[slot] = Int32(number + 1)
        used += 1
    }

    private mutating func grow() {
        let entries = zip(hashes, numbers).filter { $0.1 != 0 }
        hashes = [UInt64](repeating: 0, count: hashes.count * 2)
        numbers = [Int32](repeating: 0, count: numbers.count * 2)
        used = 0
        for (hash, number) in entries { insert(hash, Int(number) - 1) }
    }
}
