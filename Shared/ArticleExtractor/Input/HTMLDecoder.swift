import Foundation

/// Turns a page's bytes into UTF-8 for the parser, as browsers choose the charset: a byte order mark first, then
/// the charset the server declared, then the page's own `<meta>` declaration, else UTF-8. Bytes that are invalid
/// in the chosen charset become U+FFFD; an unknown charset name is read as UTF-8.
///
/// One exception to the browsers' order: a page whose `<meta>` names a legacy charset but whose bytes are valid
/// UTF-8 with non-ASCII characters in them is read as UTF-8. Pages converted to UTF-8 by their publisher's
/// tools often keep the old declaration, and multi-byte UTF-8 sequences almost never occur by chance in text
/// of another charset.
enum HTMLDecoder {
    /// A page in UTF-8 and the charset it was read in.
    struct Decoded {
        var utf8: [UInt8]
        var charset: String
    }

    static func decode(_ data: Data, declaredCharset: String?) -> Decoded {
        data.withUnsafeBytes { raw in
            let (bomCharset, bomLength) = byteOrderMark(raw)
            let body = UnsafeRawBufferPointer(rebasing: raw[bomLength...])
            var charset = bomCharset ?? declaredCharset.flatMap(CharsetName.canonical)
            if charset == nil, let meta = MetaCharset.declared(in: body) {
                charset = CharsetName.canonical(meta)
                // A page cannot declare UTF-16 in its own bytes and be read by that declaration (HTML says UTF-8).
                if charset?.hasPrefix("utf-16") == true { charset = "utf-8" }
                if let declared = charset, declared != "utf-8", isNonASCIIUTF8(body) { charset = "utf-8" }
            }
            var name = charset ?? "utf-8"
            // A charset this platform's Foundation cannot convert is read as UTF-8, and said to be.
            if let encoding = CharsetName.foundationEncoding(name), String(data: Data("a".utf8), encoding: encoding) == nil {
                name = "utf-8"
            }
            return Decoded(utf8: transcode(body, from: name), charset: name)
        }
    }

    /// Whether `bytes` are valid UTF-8 and hold at least one non-ASCII character.
    private static func isNonASCIIUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let buffer = bytes.bindMemory(to: UInt8.self)
        guard buffer.contains(where: { $0 >= 0x80 }) else { return false }
        return String(validating: buffer, as: UTF8.self) != nil
    }

    private static func byteOrderMark(_ raw: UnsafeRawBufferPointer) -> (String?, Int) {
        if raw.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if raw.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
        if raw.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
        return (nil, 0)
    }

    private static func transcode(_ body: UnsafeRawBufferPointer, from charset: String) -> [UInt8] {
        switch charset {
        case "utf-8":
            // Not validated here: Gumbo reads each invalid sequence as U+FFFD itself, and everything the
            // extraction reads comes out of Gumbo's tree (the scans before it look at ASCII bytes only).
            return Array(body.bindMemory(to: UInt8.self))
        case "windows-1252":
            return Windows1252.utf8(body)
        case "utf-16le", "utf-16be":
            let bigEndian = charset == "utf-16be"
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = 0
            while index + 1 < body.count {
                let first = UInt16(body[index]), second = UInt16(body[index + 1])
                units.append(bigEndian ? first << 8 | second : second << 8 | first)
                index += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        default:
            guard let encoding = CharsetName.foundationEncoding(charset) else {
                return transcode(body, from: "utf-8")
            }
            return foundationDecode(body, encoding)
        }
    }

    /// Foundation's converters fail a whole document for one bad byte; then each line is tried on its own, and a
    /// line that still fails keeps its ASCII with everything else as U+FFFD.
    private static func foundationDecode(_ body: UnsafeRawBufferPointer, _ encoding: String.Encoding) -> [UInt8] {
        let data = Data(body)
        if let whole = String(data: data, encoding: encoding) { return Array(whole.utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output.append(0x0A) }
            if let decoded = String(data: Data(line), encoding: encoding) {
                output.append(contentsOf: decoded.utf8)
            } else {
                for byte in line {
                    if byte < 0x80 { output.append(byte) } else { output.append(contentsOf: [0xEF, 0xBF, 0xBD]) }
                }
            }
        }
        return output
    }
}
