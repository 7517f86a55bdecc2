/// The bytes the parser reads: the page without what the prescan found skippable (script and style bodies,
/// comments), with each run of whitespace between words and tags made one character (outside preformatted
/// elements), carriage returns made line feeds (as Gumbo reads them), and without the control characters Gumbo
/// would turn into U+FFFD.
///
/// Indentation is a quarter of a typical page's markup once its scripts are gone, and Gumbo reads it a
/// character at a time; the tree it builds is the same but for the length of whitespace runs, which the
/// extraction reads as one space anyway. A run keeps a line break if it had one.
enum ParserInput {
    static func make(_ input: [UInt8], _ prescan: MarkupPrescan.Result) -> [UInt8] {
        // The segments to copy, each preformatted or not, between the skipped ranges.
        var segments: [(range: Range<Int>, preformatted: Bool)] = []
        var start = 0
        for skipped in prescan.skippable + [input.count..<input.count] {
            var position = start
            for pre in prescan.preformatted where pre.upperBound > position && pre.lowerBound < skipped.lowerBound {
                let preStart = max(pre.lowerBound, position)
                if preStart > position { segments.append((position..<preStart, false)) }
                let preEnd = min(pre.upperBound, skipped.lowerBound)
                segments.append((preStart..<preEnd, true))
                position = preEnd
            }
            if skipped.lowerBound > position { segments.append((position..<skipped.lowerBound, false)) }
            start = max(start, skipped.upperBound)
        }
        var output = [UInt8](repeating: 0, count: input.count)
        let written = input.withUnsafeBufferPointer { bytes in
            output.withUnsafeMutableBufferPointer { out in
                var count = 0
                for segment in segments {
                    count = copy(bytes, segment.range, compacting: !segment.preformatted, into: out, at: count)
                }
                return count
            }
        }
        output.removeSubrange(written...)
        return output
    }

    private static func copy(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, compacting: Bool,
        into output: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        var written = start
        var index = range.lowerBound
        let end = range.upperBound
        let source = UnsafeRawPointer(bytes.baseAddress!)
        let target = UnsafeMutableRawPointer(output.baseAddress!)
        while index < end {
            // Eight bytes at a time up to the first that needs a look (whitespace, a control, 0xC2). The output
            // is never ahead of the input, so eight bytes stored at `written` stay inside it.
            if index + 8 <= end {
                let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let special = ByteLanes.below(word, 0x21) | ByteLanes.equal(word, 0x7F) | ByteLanes.equal(word, 0xC2)
                target.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                guard special != 0 else {
                    written += 8
                    index += 8
                    continue
                }
                let plain = special.trailingZeroBitCount / 8
                written += plain
                index += plain
                // A whitespace character on its own (between words, between tags) stays as it is, already stored;
                // a carriage return does not (it becomes a line feed).
                let byte = bytes[index]
                if compacting, byte != 0x0D, isSpace(byte), index + 1 < end, !isSpace(bytes[index + 1]) {
                    written += 1
                    index += 1
                    continue
                }
            }
            let byte = bytes[index]
            if byte > 0x20, byte != 0x7F, byte != 0xC2 {
                output[written] = byte
                written += 1
                index += 1
                continue
            }
            if isSpace(byte) {
                guard compacting else {
                    // Carriage returns become line feeds, as Gumbo would read them (a CR LF pair as one).
                    if byte == 0x0D, index + 1 < end, bytes[index + 1] == 0x0A {
                        index += 1
                        continue
                    }
                    output[written] = byte == 0x0D ? 0x0A : byte
                    written += 1
                    index += 1
                    continue
                }
                var runEnd = index + 1
                var newline = byte == 0x0A || byte == 0x0D
                while runEnd < end, isSpace(bytes[runEnd]) {
                    if bytes[runEnd] == 0x0A || bytes[runEnd] == 0x0D { newline = true }
                    runEnd += 1
                }
                output[written] = newline ? 0x0A : runEnd - index == 1 ? byte : 0x20
                written += 1
                index = runEnd
                continue
            }
            if byte == 0xC2 {
                // U+0080–U+009F, the C1 controls, are C2 80 … C2 9F.
                if index + 1 < end, bytes[index + 1] >= 0x80, bytes[index + 1] < 0xA0 {
                    index += 2
                } else {
                    output[written] = byte
                    written += 1
                    index += 1
                }
                continue
            }
            // A C0 control other than whitespace, or DEL.
            index += 1
        }
        return written
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }
}
