/// One HTML tag as written between `<` and `>`: its lower-cased name, whether it closes, and its attributes.
struct HTMLTag: Equatable {
    let name: String
    let isClosing: Bool
    let isSelfClosing: Bool
    private let attributes: [String: String]

    /// Parses the inside of a tag; nil when it is not a tag (`a < b`), so the `<` is kept as text.
    init?(_ inside: String) {
        var body = inside[...]
        isClosing = body.hasPrefix("/")
        if isClosing { body = body.dropFirst() }
        isSelfClosing = body.hasSuffix("/")
        if isSelfClosing { body = body.dropLast() }
        let nameEnd = body.firstIndex(where: { $0.isWhitespace }) ?? body.endIndex
        let name = body[..<nameEnd].lowercased()
        guard let first = name.first, first.isLetter || first == "!" else { return nil }
        self.name = name
        attributes = isClosing ? [:] : Self.parseAttributes(body[nameEnd...])
    }

    /// The value of attribute `name`, entities not yet decoded.
    func attribute(_ name: String) -> String? {
        attributes[name]
    }

    private static func parseAttributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while true {
            rest = rest.drop(while: { $0.isWhitespace })
            guard !rest.isEmpty else { break }
            let keyEnd = rest.firstIndex(where: { $0 == "=" || $0.isWhitespace }) ?? rest.endIndex
            let key = rest[..<keyEnd].lowercased()
            rest = rest[keyEnd...].drop(while: { $0.isWhitespace })
            guard rest.first == "=" else {
                if !key.isEmpty { result[key] = "" }
                if keyEnd == rest.startIndex, !rest.isEmpty { rest = rest.dropFirst() }
                continue
            }
            rest = rest.dropFirst().drop(while: { $0.isWhitespace })
            let value: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                rest = rest.dropFirst()
                let end = rest.firstIndex(of: quote) ?? rest.endIndex
                value = rest[..<end]
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
            } else {
                let end = rest.firstIndex(where: { $0.isWhitespace }) ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            if !key.isEmpty, result[key] == nil { result[key] = String(value) }
        }
        return result
    }
}
