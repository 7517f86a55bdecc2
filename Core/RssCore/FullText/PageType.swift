import Foundation

/// What a page's `Content-Type` says: whether it is HTML, and the charset it declares.
enum PageType {
    /// The problem of a page whose `Content-Type` names something other than HTML (a PDF, an image, a feed,
    /// plain text); nil for HTML, and for a page without one (the extractor then tells text from bytes).
    static func problem(contentType: String?) -> FullTextProblem? {
        guard let contentType else { return nil }
        let type = mediaType(contentType)
        guard !type.isEmpty, type != "text/html", type != "application/xhtml+xml" else { return nil }
        // Only the media type, never the server's parameters: it is shown to the user.
        return .notHTML(contentType: String(type.prefix(100)))
    }

    /// The charset `contentType` declares (`text/html; charset=windows-1252` → `windows-1252`), if any.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The media type of `contentType`, lower-cased, without its parameters.
    private static func mediaType(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { character in character.asciiValue.map { $0 > 0x20 && $0 < 0x7F } ?? false }
    }
}
