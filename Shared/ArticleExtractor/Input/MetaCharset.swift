/// The charset a page declares in its first bytes: `<meta charset="…">` or
/// `<meta http-equiv="Content-Type" content="text/html; charset=…">`.
///
/// Only the first 4 KiB are looked at, as browsers do (a declaration further down comes too late to change how
/// the bytes before it were read); the comparison is on ASCII bytes, so it works before the charset is known.
enum MetaCharset {
    /// The declared name as written, or nil.
    static func declared(in bytes: UnsafeRawBufferPointer) -> String? {
        let head = Array(bytes.prefix(4096)).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let meta = Array("<meta".utf8)
        let charset = Array("charset".utf8)
        var index = 0
        while let start = find(meta, in: head, from: index) {
            let end = head[start...].firstIndex(of: UInt8(ascii: ">")) ?? head.endIndex
            var position = start + meta.count
            while let found = find(charset, in: head, from: position), found < end {
                var cursor = found + charset.count
                while cursor < end, head[cursor] == 0x20 || head[cursor] == 0x09 || head[cursor] == 0x0A { cursor += 1 }
                if cursor < end, head[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < end, [0x20, 0x09, 0x0A, 0x22, 0x27].contains(head[cursor]) { cursor += 1 }
                    let nameStart = cursor
                    while cursor < end, isNameByte(head[cursor]) { cursor += 1 }
                    if cursor > nameStart { return String(decoding: head[nameStart..<cursor], as: UTF8.self) }
                }
                position = found + charset.count
            }
            index = end
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
            || byte == 0x2E || byte == 0x3A
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
