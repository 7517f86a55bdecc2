/// The parts of an HTTP `Content-Type` header that matter for decoding a feed: the media type and the charset.
struct ContentType: Equatable {
    /// Lower-case media type, e.g. `application/rss+xml`.
    var mediaType: String
    /// Lower-case charset parameter without quotes, if present.
    var charset: String?

    /// Parses a header value leniently: spaces around `=`, single or double quotes, junk parameters.
    init(_ header: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        mediaType = parts.first.map { $0.trimmingASCIIWhitespace().lowercased() } ?? ""
        charset = nil
        for part in parts.dropFirst() {
            guard let eq = part.firstIndex(of: "=") else { continue }
            let name = part[..<eq].trimmingASCIIWhitespace().lowercased()
            guard name == "charset" else { continue }
            var value = part[part.index(after: eq)...].trimmingASCIIWhitespace()
            value = value.trimmingCharacters(inSet: "\"' ")
            if !value.isEmpty { charset = value.lowercased() }
        }
    }

    /// True for the types a document served as HTML would have.
    var isHTML: Bool { mediaType == "text/html" || mediaType == "application/xhtml+xml" }
}

extension StringProtocol {
    /// Drops spaces, tabs, CR and LF at both ends without Foundation.
    /// Drops ASCII whitespace at both ends, working on UTF-8 code units (this runs on every field).
    func trimmingASCIIWhitespace() -> String {
        let string = String(self)
        let utf8 = string.utf8
        let isSpace = { (c: UInt8) in c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = utf8.lastIndex(where: { !isSpace($0) })!
        if start == utf8.startIndex, utf8.index(after: end) == utf8.endIndex { return string }
        return String(string[start...end])
    }

    func trimmingCharacters(inSet set: String) -> String {
        let chars = Set(set.unicodeScalars)
        let scalars = String(self).unicodeScalars
        guard let start = scalars.firstIndex(where: { !chars.contains($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !chars.contains($0) })!
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
