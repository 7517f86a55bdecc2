/// Makes relative `href` and `src` attributes inside HTML content absolute, since content is shown away from
/// the page it came from (a terminal, a database) where relative links point nowhere.
enum HTMLURLRewriter {
    private static let attributes: Set<String> = ["href", "src", "poster", "background"]

    static func resolve(_ html: String, against base: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "=")) else { return html }
        var out = ""
        var rest = html[...]
        var changed = false
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].reversed().prefix(while: { $0.isLetter }).reversed()
            let afterEquals = rest.index(after: equals)
            guard attributes.contains(String(name).lowercased()), afterEquals < rest.endIndex,
                  let quote = rest[afterEquals...].first, quote == "\"" || quote == "'" else {
                out += rest[...equals]
                rest = rest[afterEquals...]
                continue
            }
            let valueStart = rest.index(after: afterEquals)
            guard let valueEnd = rest[valueStart...].firstIndex(of: quote) else { break }
            let value = String(rest[valueStart..<valueEnd])
            let resolved = value.hasPrefix("#") || value.isEmpty ? value : URLResolver.resolve(value, against: base)
            if resolved != value { changed = true }
            out += rest[...afterEquals]
            out += resolved
            rest = rest[valueEnd...]
        }
        guard changed else { return html }
        out += rest
        return out
    }
}
