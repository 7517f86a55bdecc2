/// Decoding the entities that pages escape twice in metadata (`&amp;quot;` arrives as `&quot;` once parsed).
enum HTMLEntities {
    /// `text` with `&quot;`, `&amp;`, `&apos;`, `&lt;`, `&gt;` and numeric references decoded once more.
    static func unescapeBasic(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                output.append("&")
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let decoded = decode(name) {
                output += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output.append("&")
                rest = rest.dropFirst()
            }
        }
        return output + rest
    }

    private static func decode(_ name: Substring) -> String? {
        switch name {
        case "quot": return "\""
        case "amp": return "&"
        case "apos": return "'"
        case "lt": return "<"
        case "gt": return ">"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits)
            }
            guard let value else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return ControlCharacters.cleaned(String(scalar ?? "\u{FFFD}"))
        }
    }
}
