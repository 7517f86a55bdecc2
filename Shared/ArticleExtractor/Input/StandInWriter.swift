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
    let source: UnsafeBufferPointer<UInt8>
    let count: Int
    /// Leaves formatting elements' tags as they are (the second pass, when the first could not replace one of
    /// their values).
    let formattingAsIs: Bool
    /// The bytes for Gumbo, written into memory reserved for more than a page can grow to (a space before each
    /// attribute and before `/>`, a name's stand-in two bytes longer than `src`, add less than half to a tag).
    let output: UnsafeMutablePointer<UInt8>
    let outputCapacity: Int
    var written = 0
    /// The values, decoded (never longer than their markup), and where each starts.
    let storage: UnsafeMutablePointer<UInt8>
    var stored = 0
    var starts: [Int32] = [0]
    var outcome = Outcome.done
    /// Whether a formatting element's value was replaced (a later part copied as it is then needs a second pass).
    var replacedFormattingValue = false
    var inSelect = false
    /// How many `<template>` elements are open (each end tag closes one, as in HTML).
    var openTemplates = 0
    /// The attributes of the tag being read.
    var attributes: [Attribute] = []
    /// The numbers of formatting elements' values, by a hash of their bytes.
    var formattingValues = ValueTable()

    enum Outcome {
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

    mutating func run() {
        var index = 0
        var runStart = 0
        while outcome == .done {
            let open = find(UInt8(ascii: "<"), from: index)
            guard open + 1 < count else { break }
            let next = source[open + 1]
            if HTMLByte.isLetter(next) {
                writeRun(runStart, open)
                guard let tag = scanTag(nameStart: open + 1) else { return copyRest(from: open) }
                let kind = TagKind(source, open + 1, tag.nameEnd)
                writeStartTag(open, tag, kind)
                guard let after = afterStartTag(tag, kind) else { return }
                index = after
            } else if next == UInt8(ascii: "/") {
                guard open + 2 < count else { break }
                let third = source[open + 2]
                if HTMLByte.isLetter(third) {
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
    mutating func copyRest(from start: Int) {
        copy(start, count)
        if replacedFormattingValue, outcome == .done { outcome = .again }
    }

    /// After `<!`: a comment, a doctype or a bogus comment, as Gumbo's tokenizer ends them.
    func declarationEnd(_ start: Int) -> Int {
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
    mutating func afterStartTag(_ tag: ScannedTag, _ kind: TagKind) -> Int? {
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
    mutating func afterRawText(from start: Int, name: Range<Int>, isScript: Bool) -> Int? {
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
    mutating func afterForeignContent(from start: Int, root: Range<Int>) -> Int? {
        var open = [root]
        var index = start
        following: while let innermost = open.last {
            index = find(UInt8(ascii: "<"), from: index)
            guard index + 2 < count else { break }
            let next = source[index + 1]
            if HTMLByte.isLetter(next) {
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
    func endTag(at index: Int, named name: Range<Int>) -> Int? {
        let after = index + 2 + name.count
        guard after < count, source[index] == UInt8(ascii: "<"), source[index + 1] == UInt8(ascii: "/") else { return nil }
        for offset in 0..<name.count where source[index + 2 + offset] | 0x20 != source[name.lowerBound + offset] | 0x20 {
            return nil
        }
        let next = source[after]
        return HTMLByte.isSpace(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ">") ? index + 2 : nil
    }
}
