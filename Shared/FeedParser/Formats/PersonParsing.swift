/// Reads the free-form author strings of RSS (`jane@example.com (Jane Doe)`, `Jane Doe <jane@example.com>`,
/// or just a name) into a ``FeedAuthor``.
enum PersonParsing {
    static func parse(_ raw: String) -> FeedAuthor? {
        let text = raw.trimmingASCIIWhitespace()
        guard !text.isEmpty else { return nil }
        var email: String?
        var rest = text
        if let at = text.firstIndex(of: "@") {
            let isBoundary: (Character) -> Bool = { $0.isWhitespace || "()<>[]:;,\"'".contains($0) }
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
