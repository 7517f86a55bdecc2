/// Reads the free-form author strings of RSS (`jane@example.com (Jane Doe)`, `Jane Doe <jane@example.com>`,
/// or just a name) into a ``FeedAuthor``.
enum PersonParsing {
    static func parse(_ raw: String) -> FeedAuthor? {
        let text = raw.trimmingASCIIWhitespace()
        guard !text.isEmpty else { return nil }
        if isPlainName(text) { return FeedAuthor(name: text, email: nil) }
        var email: String?
        var rest = text
        if let at = text.firstIndex(of: "@") {
            let isBoundary: (Character) -> Bool = { $0.isWhitespace || boundaries.contains($0) }
            let start = text[..<at].lastIndex(where: isBoundary).map { text.index(after: $0) } ?? text.startIndex
            let end = text[at...].firstIndex(where: isBoundary) ?? text.endIndex
            var address = String(text[start..<end])
            if address.lowercased().hasPrefix("mailto:") { address = String(address.dropFirst(7)) }
            if address.contains("."), start < at, text.index(after: at) < end {
                email = address
                rest = String(text[..<start]) + String(text[end...])
            }
        }
        var name = rest.trimmingCharacters(inSet: " \t\r\n()<>[]")
        if name.hasPrefix("(") || name.hasSuffix(")") { name = name.trimmingCharacters(inSet: "()") }
        name = name.replacingEmptyBrackets()
        let author = FeedAuthor(name: name.isEmpty ? nil : name, email: email)
        return author.isEmpty ? nil : author
    }

    private static let boundaries = Set("()<>[]:;,\"'")

    /// Whether `text` (trimmed, not empty) is a bare name, which the steps above would return as it is: no `@`,
    /// no bracket at either end, no empty bracket pair inside. (Those are all ASCII, so bytes tell.)
    private static func isPlainName(_ text: String) -> Bool {
        let edges: (UInt8) -> Bool = { " \t\r\n()<>[]".utf8.contains($0) }
        guard let first = text.utf8.first, let last = text.utf8.last, !edges(first), !edges(last) else { return false }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x40 { return false }  // '@'
            if (previous, byte) == (0x28, 0x29) || (previous, byte) == (0x3C, 0x3E) || (previous, byte) == (0x5B, 0x5D) {
                return false
            }
            previous = byte
        }
        return true
    }
}

extension String {
    fileprivate func replacingEmptyBrackets() -> String {
        var s = self
        for pair in ["()", "<>", "[]"] where s.contains(pair) {
            s = s.split(separator: pair, omittingEmptySubsequences: false).joined()
        }
        return s.trimmingASCIIWhitespace()
    }
}
