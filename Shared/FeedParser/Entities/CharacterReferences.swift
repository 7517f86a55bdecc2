/// The byte-level decoder of `&…;` references shared by the XML scanner and ``HTMLEntities``.
///
/// It is liberal the way browsers are: a stray `&` stays literal, numeric references may lack their `;`,
/// invalid code points become U+FFFD, and 128–159 are read as windows-1252.
///
/// Feeds that carry HTML as escaped text hold a reference every few bytes (`&lt;p&gt;`, `&#34;`): the corpus
/// of real feeds has three references for every tag. So the text between references is copied eight bytes at
/// a time into room made once, and XML's five names and numeric references are decoded in the same loop;
/// only other names leave it, to be looked up as strings.
enum CharacterReferences {
    /// Appends `input` to `out` with references decoded; `lookup` resolves names that are not one of XML's five.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], lookup: (String) -> String?
    ) {
        let n = input.count
        var written = out.count
        // Room for everything left plus one word: runs, XML's names and numeric references never write more
        // than they read (`&#128;` is 6 bytes for the 3 of "€"), so only a longer named replacement needs more.
        out.append(contentsOf: repeatElement(0, count: n + 8))
        var i = 0
        while i < n {
            (i, written) = out.withUnsafeMutableBufferPointer { decodeUntilName(input, from: i, into: $0, at: written) }
            guard i < n else { break }
            if let (length, replacement) = reference(input, at: i, lookup: lookup) {
                let extra = replacement.utf8.count - length
                if extra > 0 { out.append(contentsOf: repeatElement(0, count: extra)) }
                for byte in replacement.utf8 {
                    out[written] = byte
                    written += 1
                }
                i += length
            } else {
                out[written] = 0x26  // '&'
                written += 1
                i += 1
            }
        }
        out.removeLast(out.count - written)
    }

    /// Copies `p[from...]` to `out[at...]`, decoding numeric references and XML's five names, until the end or
    /// a `&` that starts anything else; returns where it stopped in both. `out` must have room for the rest of
    /// `p` plus 8 bytes, the word copies' overshoot.
    private static func decodeUntilName(
        _ p: UnsafeBufferPointer<UInt8>, from: Int, into out: UnsafeMutableBufferPointer<UInt8>, at: Int
    ) -> (Int, Int) {
        let n = p.count
        precondition(out.count - at >= n - from + 8, "no room for the decoded text")
        guard let source = p.baseAddress, let target = out.baseAddress else { return (n, at) }
        let src = UnsafeRawPointer(source), dst = UnsafeMutableRawPointer(target)
        var i = from, w = at
        while i < n {
            if i + 8 <= n {
                let word = src.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                dst.storeBytes(of: word, toByteOffset: w, as: UInt64.self)
                let ampersands = Self.ampersands(in: UInt64(littleEndian: word))
                if ampersands == 0 {
                    i += 8
                    w += 8
                    continue
                }
                let skip = ampersands.trailingZeroBitCount / 8
                i += skip
                w += skip
            } else if p[i] != 0x26 {
                out[w] = p[i]
                i += 1
                w += 1
                continue
            }
            // p[i] is '&'.
            if let (length, scalar) = numeric(p, at: i) {
                // Never longer than its reference (see above), so the room for the rest stays: checked anyway.
                guard scalar.utf8.count <= length else { return (i, w) }
                w += encode(scalar, into: out, at: w)
                i += length
            } else if let (length, byte) = predefined(p, at: i) {
                out[w] = byte
                w += 1
                i += length
            } else if i + 1 < n, isAlphanumeric(p[i + 1]) {
                return (i, w)
            } else {
                out[w] = 0x26
                w += 1
                i += 1
            }
        }
        return (n, w)
    }

    /// One high bit in each byte of `word` that is `&`; the lowest one is exact (carries only reach higher
    /// bytes), which is all a caller looking for the first one needs.
    @inline(__always) private static func ampersands(in word: UInt64) -> UInt64 {
        let x = word ^ 0x2626_2626_2626_2626
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// The numeric reference at `start` (which holds `&`): its length and the scalar it stands for.
    private static func numeric(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Unicode.Scalar)? {
        let n = p.count
        var i = start + 1
        guard i < n, p[i] == 0x23 else { return nil }  // '#'
        i += 1
        var hex = false
        if i < n, p[i] | 0x20 == 0x78 { hex = true; i += 1 }
        var value: UInt32 = 0
        var digits = 0
        while i < n {
            let c = p[i]
            let d: UInt32
            if c >= 0x30 && c <= 0x39 { d = UInt32(c - 0x30) }
            else if hex, c | 0x20 >= 0x61, c | 0x20 <= 0x66 { d = UInt32(c | 0x20) - 0x61 + 10 }
            else { break }
            if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + d }
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        if i < n, p[i] == 0x3B { i += 1 }
        return (i - start, scalarFor(value))
    }

    /// The reference at `start` (which holds `&`), whatever it is: its length and its replacement; nil when it is
    /// none, or a name `lookup` does not know.
    private static func reference(
        _ p: UnsafeBufferPointer<UInt8>, at start: Int, lookup: (String) -> String?
    ) -> (Int, String)? {
        if let (length, scalar) = numeric(p, at: start) { return (length, String(scalar)) }
        if let (length, byte) = predefined(p, at: start) { return (length, String(Unicode.Scalar(byte))) }
        let n = p.count
        let i = start + 1
        var end = i
        while end < n, end - i < 40, isAlphanumeric(p[end]) { end += 1 }
        guard end > i, end < n, p[end] == 0x3B else { return nil }
        guard let replacement = lookup(ValidUTF8.string(p, i..<end)) else { return nil }
        return (end + 1 - start, replacement)
    }

    /// The scalar a numeric reference stands for, with the windows-1252 remap and U+FFFD for invalid values.
    static func scalarFor(_ value: UInt32) -> Unicode.Scalar {
        if value == 0 { return "\u{FFFD}" }
        return Unicode.Scalar(SingleByteCharsets.remapC1(value)) ?? "\u{FFFD}"
    }

    /// Writes the UTF-8 of `scalar` at `out[at...]`; returns its length.
    @inline(__always) private static func encode(
        _ scalar: Unicode.Scalar, into out: UnsafeMutableBufferPointer<UInt8>, at: Int
    ) -> Int {
        var w = at
        UTF8.encode(scalar) { out[w] = $0; w += 1 }
        return w - at
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` at `start` (which holds `&`): its length and its byte.
    @inline(__always) private static func predefined(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, UInt8)? {
        let n = p.count
        let i = start + 1
        guard i + 2 < n else { return nil }
        if p[i + 1] == 0x74, p[i + 2] == 0x3B {  // "t;"
            if p[i] == 0x6C { return (4, 0x3C) }  // lt
            if p[i] == 0x67 { return (4, 0x3E) }  // gt
            return nil
        }
        guard i + 3 < n else { return nil }
        if p[i] == 0x61, p[i + 1] == 0x6D, p[i + 2] == 0x70, p[i + 3] == 0x3B { return (5, 0x26) }  // amp
        guard i + 4 < n, p[i + 4] == 0x3B else { return nil }
        if p[i] == 0x71, p[i + 1] == 0x75, p[i + 2] == 0x6F, p[i + 3] == 0x74 { return (6, 0x22) }  // quot
        if p[i] == 0x61, p[i + 1] == 0x70, p[i + 2] == 0x6F, p[i + 3] == 0x73 { return (6, 0x27) }  // apos
        return nil
    }

    @inline(__always) static func isAlphanumeric(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
    }
}
