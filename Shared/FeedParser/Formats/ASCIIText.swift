/// Byte-level forms of the clean-ups run on every title, author and link. Each gives exactly what its
/// `Character`-level original gives (which it falls back to when it cannot: a `nil` result), at a fraction of
/// the cost, since separators and letters there are single ASCII bytes.
enum ASCIIText {
    /// Runs of bytes for which `isSpace` holds become one space, trimmed at both ends; `text` itself when that
    /// changes nothing. Exact for any text when `isSpace` holds only for ASCII bytes: no byte of a multi-byte
    /// UTF-8 sequence is ASCII.
    static func collapsing(_ text: String, where isSpace: (UInt8) -> Bool) -> String {
        var text = text
        return text.withUTF8 { p -> String? in
            var clean = true
            var previousSpace = true  // a space at the start is trimmed
            for byte in p {
                let space = isSpace(byte)
                if space, previousSpace || byte != 0x20 { clean = false; break }
                previousSpace = space
            }
            if clean, !previousSpace || p.isEmpty { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(p.count)
            var pending = false
            for byte in p {
                if isSpace(byte) {
                    pending = !out.isEmpty
                } else {
                    if pending { out.append(0x20) }
                    pending = false
                    out.append(byte)
                }
            }
            return ValidUTF8.string(out)
        } ?? text
    }

    /// `text` split at `Character.isWhitespace` and joined with single spaces, when `text` is ASCII (where that
    /// is exactly the bytes 0x09–0x0D and 0x20); nil otherwise.
    static func collapsingWhitespace(_ text: String) -> String? {
        guard isASCII(text) else { return nil }
        return collapsing(text) { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
    }

    /// Scheme and host lower-cased in an ASCII link (see ``ItemIdentity/normalizedLink(_:)``); nil when the link
    /// is not ASCII.
    static func normalizedLink(_ link: String) -> String? {
        guard isASCII(link) else { return nil }
        var link = link
        return link.withUTF8 { p -> String in
            var schemeEnd = -1
            var k = 0
            while k + 2 < p.count {
                if p[k] == 0x3A, p[k + 1] == 0x2F, p[k + 2] == 0x2F { schemeEnd = k + 3; break }
                k += 1
            }
            guard schemeEnd >= 0 else { return ValidUTF8.string(p) }
            var hostEnd = schemeEnd
            while hostEnd < p.count, p[hostEnd] != 0x2F, p[hostEnd] != 0x3F, p[hostEnd] != 0x23 { hostEnd += 1 }
            var out = [UInt8](p)
            for k in 0..<hostEnd where out[k] >= 0x41 && out[k] <= 0x5A { out[k] |= 0x20 }
            return ValidUTF8.string(out)
        }
    }

    /// `String(p).trimmingASCIIWhitespace()`, without making the untrimmed string first.
    static func trimmed(_ p: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0, end = p.count
        while start < end, isTrimmedSpace(p[start]) { start += 1 }
        while end > start, isTrimmedSpace(p[end - 1]) { end -= 1 }
        // trimmingASCIIWhitespace cuts at Character boundaries: at a non-ASCII end one can run on past the last
        // non-space byte (a Prepend character such as U+0600 takes the space after it along), so that rare case
        // is left to it.
        if end > start, (end < p.count && p[end - 1] >= 0x80) || (start > 0 && p[start] >= 0x80) {
            return ValidUTF8.string(p).trimmingASCIIWhitespace()
        }
        return ValidUTF8.string(p, start..<end)
    }

    @inline(__always) private static func isTrimmedSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
