import Foundation

/// Decides which charset a document is in, from (in this order of strength) a byte-order mark, the HTTP
/// `Content-Type` charset, the XML declaration, and the byte pattern of the first characters.
///
/// RFC 3023 says `text/xml` without a charset means US-ASCII; real servers send UTF-8 feeds that way all the
/// time, so here a missing HTTP charset simply defers to the document.
struct CharsetDetector {
    /// The outcome of detection.
    struct Result: Equatable {
        /// Canonical charset name (see ``CharsetName``), or the raw declared name when unknown.
        var name: String
        /// Bytes of BOM to skip.
        var bomLength: Int
        /// True when a BOM, the HTTP header or the document declared the charset (false when defaulted).
        var declared: Bool
        /// A declared name we do not know, if any.
        var unknownName: String?
    }

    static func detect(prefix bytes: [UInt8], httpCharset: String?) -> Result {
        if let bom = byteOrderMark(bytes) { return Result(name: bom.0, bomLength: bom.1, declared: true) }
        let sniffed = sniffWideEncoding(bytes)
        if let http = httpCharset {
            // A UTF-16 or UTF-32 header on a document that starts in plain ASCII bytes is wrong (markup in those
            // charsets has zero bytes): the document's own declaration decides, as when it is the one lying.
            if let name = CharsetName.canonical(http), !(isWide(name) && startsInASCII(bytes)) {
                return Result(name: widen(name, sniffed: sniffed), bomLength: 0, declared: true)
            }
        }
        let ascii = asciiView(bytes, sniffed: sniffed)
        if let declared = xmlDeclarationEncoding(ascii) {
            if let name = CharsetName.canonical(declared) {
                // A UTF-16 document cannot be read as a single-byte charset, whatever it claims.
                if let sniffed { return Result(name: sniffed, bomLength: 0, declared: true) }
                if name.hasPrefix("utf-16") || name.hasPrefix("utf-32") {
                    return Result(name: "utf-8", bomLength: 0, declared: false, unknownName: nil)
                }
                return Result(name: name, bomLength: 0, declared: true)
            }
            return Result(name: sniffed ?? "utf-8", bomLength: 0, declared: false, unknownName: declared)
        }
        if let sniffed { return Result(name: sniffed, bomLength: 0, declared: true) }
        return Result(name: "utf-8", bomLength: 0, declared: false)
    }

    private static func isWide(_ name: String) -> Bool {
        name.hasPrefix("utf-16") || name.hasPrefix("utf-32")
    }

    /// Whether the first four bytes are ASCII with no zero byte: never the start of a UTF-16/32 feed.
    private static func startsInASCII(_ b: [UInt8]) -> Bool {
        b.count >= 4 && b.prefix(4).allSatisfy { $0 != 0 && $0 < 0x80 }
    }

    /// `utf-16` without an order is resolved by the byte pattern, defaulting to big-endian.
    private static func widen(_ name: String, sniffed: String?) -> String {
        switch name {
        case "utf-16": return sniffed?.hasPrefix("utf-16") == true ? sniffed! : "utf-16be"
        case "utf-32": return sniffed?.hasPrefix("utf-32") == true ? sniffed! : "utf-32be"
        default: return name
        }
    }

    static func byteOrderMark(_ b: [UInt8]) -> (String, Int)? {
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return ("utf-32le", 4) }
        if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return ("utf-32be", 4) }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return ("utf-8", 3) }
        if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF { return ("utf-16be", 2) }
        if b.count >= 2, b[0] == 0xFF, b[1] == 0xFE { return ("utf-16le", 2) }
        return nil
    }

    /// Recognises UTF-16/32 without a BOM by where the zero bytes fall around the first ASCII characters.
    static func sniffWideEncoding(_ b: [UInt8]) -> String? {
        guard b.count >= 4 else { return nil }
        switch (b[0] == 0, b[1] == 0, b[2] == 0, b[3] == 0) {
        case (true, true, true, false): return "utf-32be"
        case (false, true, true, true): return "utf-32le"
        case (true, false, true, false): return "utf-16be"
        case (false, true, false, true): return "utf-16le"
        default: return nil
        }
    }

    /// The ASCII characters of the prefix, taking every 2nd or 4th byte for wide encodings.
    private static func asciiView(_ b: [UInt8], sniffed: String?) -> [UInt8] {
        switch sniffed {
        case "utf-16be": return stride(from: 1, to: b.count, by: 2).map { b[$0] }
        case "utf-16le": return stride(from: 0, to: b.count, by: 2).map { b[$0] }
        case "utf-32be": return stride(from: 3, to: b.count, by: 4).map { b[$0] }
        case "utf-32le": return stride(from: 0, to: b.count, by: 4).map { b[$0] }
        default: return b
        }
    }

    /// The `encoding="…"` pseudo-attribute of a leading `<?xml …?>`, if any.
    static func xmlDeclarationEncoding(_ b: [UInt8]) -> String? {
        var i = 0
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        guard b.count >= i + 5, Array(b[i..<i + 5]) == Array("<?xml".utf8) else { return nil }
        var end = i + 5
        while end + 1 < b.count, !(b[end] == 0x3F && b[end + 1] == 0x3E), end < i + 512 { end += 1 }
        let decl = String(decoding: b[i..<end], as: UTF8.self)
        guard let range = decl.range(of: "encoding") else { return nil }
        var rest = decl[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix(while: { $0 != quote })
        return value.isEmpty ? nil : String(value)
    }
}
