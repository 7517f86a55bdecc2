#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SearchText {
    /// Taking the markup out of HTML, byte by byte: the scanner behind ``SearchText/plain(html:)`` and the SQL
    /// function. Only ASCII bytes (`<`, `>`, tag names) decide anything, so the text between them is copied whole
    /// and stays valid UTF-8.
    enum Markup {
        /// Appends the text of `html` to `out`, character references left as they are (see
        /// ``SearchText/plain(html:)`` for what is dropped and what becomes a space).
        static func appendText(of html: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
            let end = html.count
            out.reserveCapacity(out.count + end)
            var position = 0
            while let open = find(UInt8(ascii: "<"), in: html, from: position) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: html[position..<open]))
                let name = tagName(in: html, after: open)
                if name.map({ !isInline(html, name: $0) }) ?? true { out.append(UInt8(ascii: " ")) }
                if startsComment(html, at: open) {
                    position = find("-->".utf8, in: html, from: open + 4, ignoringCase: false).map { $0 + 3 } ?? end
                } else if open + 1 == end || html[open + 1] != UInt8(ascii: "/"), let name, isRawText(html, name: name) {
                    // The end tag's name is matched ignoring case; then its `>`, wherever it is.
                    let marker = [UInt8(ascii: "<"), UInt8(ascii: "/")] + html[name].map { $0 | 0x20 }
                    let closing = find(marker, in: html, from: open, ignoringCase: true).map { $0 + marker.count } ?? end
                    position = find(UInt8(ascii: ">"), in: html, from: closing).map { $0 + 1 } ?? end
                } else {
                    position = find(UInt8(ascii: ">"), in: html, from: open + 1).map { $0 + 1 } ?? end
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: html[position..<end]))
        }

        /// The range of the name of the tag whose `<` is at `open` (after any `/`): ASCII letters and digits, at
        /// most 16 of them; nil when there are none or more.
        private static func tagName(in html: UnsafeBufferPointer<UInt8>, after open: Int) -> Range<Int>? {
            var start = open + 1
            while start < html.count, html[start] == UInt8(ascii: "/") { start += 1 }
            var end = start
            while end < html.count, isAlphanumeric(html[end]) { end += 1 }
            guard end > start, end - start <= 16 else { return nil }
            return start..<end
        }

        /// Tags that do not break the text where they stand, packed as by ``pack(_:_:)``.
        private static let inlineTags: Set<UInt64> = Set(
            [
                "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q",
                "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
            ].map { name in Array(name.utf8).withUnsafeBufferPointer { pack($0, 0..<$0.count) } })

        private static func isInline(_ html: UnsafeBufferPointer<UInt8>, name: Range<Int>) -> Bool {
            name.count <= 8 && inlineTags.contains(pack(html, name))
        }

        /// `script` and `style`, whose contents are not text.
        private static func isRawText(_ html: UnsafeBufferPointer<UInt8>, name: Range<Int>) -> Bool {
            guard name.count == 5 || name.count == 6 else { return false }
            let packed = pack(html, name)
            return packed == scriptName || packed == styleName
        }

        private static let scriptName = Array("script".utf8).withUnsafeBufferPointer { pack($0, 0..<6) }
        private static let styleName = Array("style".utf8).withUnsafeBufferPointer { pack($0, 0..<5) }

        /// Up to 8 bytes of a name, lowercased, in one integer (names of up to 8 bytes compare equal exactly when
        /// their integers do).
        private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
            var packed: UInt64 = 0
            for index in range.prefix(8) { packed = packed << 8 | UInt64(bytes[index] | 0x20) }
            return packed
        }

        private static func startsComment(_ html: UnsafeBufferPointer<UInt8>, at open: Int) -> Bool {
            open + 4 <= html.count && html[open + 1] == UInt8(ascii: "!") && html[open + 2] == UInt8(ascii: "-")
                && html[open + 3] == UInt8(ascii: "-")
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }

        /// The index of the first `byte` at or after `start`.
        private static func find(_ byte: UInt8, in html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            guard start < html.count, let base = html.baseAddress,
                let found = memchr(base + start, Int32(byte), html.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        /// The index of the first occurrence of `marker` at or after `start`; with `ignoringCase`, bytes are
        /// compared with their `0x20` bit set, as ASCII letters compare without case.
        private static func find(
            _ marker: some Collection<UInt8>, in html: UnsafeBufferPointer<UInt8>, from start: Int, ignoringCase: Bool
        ) -> Int? {
            let fold: UInt8 = ignoringCase ? 0x20 : 0
            var from = start
            while let candidate = find(marker.first!, in: html, from: from) {
                if html.count - candidate >= marker.count,
                    zip(html[candidate...], marker).allSatisfy({ $0 | fold == $1 | fold })
                {
                    return candidate
                }
                from = candidate + 1
            }
            return nil
        }
    }
}
