/// The byte-level decoder of `&…;` references shared by the XML scanner and ``HTMLEntities``.
///
/// It is liberal the way browsers are: a stray `&` stays literal, numeric references may lack their `;`,
/// invalid code points become U+FFFD, and 128–159 are read as windows-1252.
enum CharacterReferences {
    /// Appends `input` to `out` with references decoded; `lookup` resolves names that are not one of XML's five.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], lookup: (String) -> String?
    ) {
        let n = input.count
        out.reserveCapacity(out.count + n)
        var runStart = 0
        var from = 0
        while let amp = ByteSearch.first(0x26, in: input, from: from) {  // '&'
            if amp > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<amp])) }
            if let consumed = reference(input, at: amp, into: &out, lookup: lookup) {
                from = amp + consumed
            } else {
                out.append(0x26)
                from = amp + 1
            }
            runStart = from
        }
        if runStart < n { out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<n])) }
    }

    /// Decodes the reference starting at `start` (which holds `&`) onto `out`: the byte count consumed, or nil
    /// (and nothing appended) when it is no reference.
    static func reference(
        _ p: UnsafeBufferPointer<UInt8>, at start: Int, into out: inout [UInt8], lookup: (String) -> String?
    ) -> Int? {
        let n = p.count
        var i = start + 1
        guard i < n else { return nil }
        if p[i] == 0x23 {  // '#'
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
            appendUTF8(of: scalarFor(value), to: &out)
            return i - start
        }
        // Named reference: ASCII letters and digits, then ';'.
        var end = i
        while end < n, end - i < 40, isAlphanumeric(p[end]) { end += 1 }
        guard end > i, end < n, p[end] == 0x3B else { return nil }
        let length = end - i
        if let fast = predefined(p, from: i, length: length) {
            out.append(fast)
            return length + 2
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: p[i..<end]), as: UTF8.self)
        guard let replacement = lookup(name) else { return nil }
        out.append(contentsOf: replacement.utf8)
        return length + 2
    }

    /// The scalar a numeric reference stands for, with the windows-1252 remap and U+FFFD for invalid values.
    static func scalarFor(_ value: UInt32) -> Unicode.Scalar {
        if value == 0 { return "\u{FFFD}" }
        return Unicode.Scalar(SingleByteCharsets.remapC1(value)) ?? "\u{FFFD}"
    }

    static func appendUTF8(of scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    private static func predefined(_ p: UnsafeBufferPointer<UInt8>, from i: Int, length: Int) -> UInt8? {
        switch length {
        case 2:
            if p[i] == 0x6C, p[i + 1] == 0x74 { return 0x3C }  // lt
            if p[i] == 0x67, p[i + 1] == 0x74 { return 0x3E }  // gt
        case 3:
            if p[i] == 0x61, p[i + 1] == 0x6D, p[i + 2] == 0x70 { return 0x26 }  // amp
        case 4:
            if p[i] == 0x71, p[i + 1] == 0x75, p[i + 2] == 0x6F, p[i + 3] == 0x74 { return 0x22 }  // quot
            if p[i] == 0x61, p[i + 1] == 0x70, p[i + 2] == 0x6F, p[i + 3] == 0x73 { return 0x27 }  // apos
        default: break
        }
        return nil
    }

    @inline(__always) static func isAlphanumeric(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
    }
}
