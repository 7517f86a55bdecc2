/// Makes relative `href`, `src` and `poster` attributes inside HTML content absolute, since content is shown
/// away from the page it came from (a terminal, a database) where relative links point nowhere.
///
/// An empty `href` is a link to the base itself (RFC 3986 §5.2, as feedparser resolves it); an empty `src` or
/// `poster` stays empty, since HTML makes an empty image or poster address mean no image at all, not the page.
///
/// Works on UTF-8 bytes and allocates only when something changes: most feeds already use absolute URLs.
enum HTMLURLRewriter {
    static func resolve(_ html: String, against base: String) -> String {
        var html = html
        let edits: [(Range<Int>, String)] = html.withUTF8 { p in
            var edits: [(Range<Int>, String)] = []
            let n = p.count
            var i = 0
            while let equals = ByteSearch.first(0x3D, in: p, from: i) {  // '='
                i = equals
                let valueStart = i + 2
                guard i + 1 < n, p[i + 1] == 0x22 || p[i + 1] == 0x27, let attribute = urlAttribute(p, endingAt: i)
                else {
                    i += 1
                    continue
                }
                let quote = p[i + 1]
                guard let end = ByteSearch.first(quote, in: p, from: valueStart) else { break }
                if valueStart == end ? attribute == .href : needsResolution(p, valueStart..<end) {
                    let value = ValidUTF8.string(p, valueStart..<end)
                    let resolved = URLResolver.resolve(value, against: base)
                    // A `javascript:` xml:base must not turn a relative or empty link into a script.
                    if resolved != value, !URLResolver.isDangerous(resolved) {
                        edits.append((valueStart..<end, resolved))
                    }
                }
                i = end + 1
            }
            return edits
        }
        guard !edits.isEmpty else { return html }
        var out = [UInt8]()
        let bytes = Array(html.utf8)
        out.reserveCapacity(bytes.count + edits.count * 32)
        var position = 0
        for (range, replacement) in edits {
            out.append(contentsOf: bytes[position..<range.lowerBound])
            out.append(contentsOf: replacement.utf8)
            position = range.upperBound
        }
        out.append(contentsOf: bytes[position...])
        return ValidUTF8.string(out)
    }

    /// The attributes whose values are addresses.
    private enum URLAttribute {
        /// A link's target: empty, it is the base itself.
        case href
        /// `src` and `poster`, an image's or a video's address: empty, it is none.
        case source
    }

    /// Which address attribute the name just before `=` at `equals` is (href, src or poster, any case), if any.
    private static func urlAttribute(_ p: UnsafeBufferPointer<UInt8>, endingAt equals: Int) -> URLAttribute? {
        // Content is full of `class="…"` and `style="…"`: the last letter turns nearly all of them away at once.
        guard equals > 0, p[equals - 1] | 0x20 == 0x66 || p[equals - 1] | 0x20 == 0x63 || p[equals - 1] | 0x20 == 0x72 else {
            return nil  // not f, c or r, as href, src and poster end
        }
        var start = equals
        while start > 0, start > equals - 8, p[start - 1] | 0x20 >= 0x61, p[start - 1] | 0x20 <= 0x7A { start -= 1 }
        guard start > 0, p[start - 1] == 0x20 || p[start - 1] == 0x0A || p[start - 1] == 0x09 else { return nil }
        if matches(p, start..<equals, "href") { return .href }
        return matches(p, start..<equals, "src") || matches(p, start..<equals, "poster") ? .source : nil
    }

    /// Whether the bytes in `range` spell the lower-case ASCII `name` in any case.
    private static func matches(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for (k, index) in range.enumerated() where p[index] | 0x20 != expected[k] { return false }
        return true
    }

    /// Relative, non-empty and not a fragment: the only values worth resolving (besides an empty `href`).
    private static func needsResolution(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = range.first, p[first] != 0x23 else { return false }  // '#'
        for k in range {
            let c = p[k]
            if c == 0x3A { return false }  // scheme before any '/', '?', '#'
            if c == 0x2F || c == 0x3F || c == 0x23 { return true }
        }
        return true
    }
}
