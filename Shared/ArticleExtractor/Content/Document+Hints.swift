/// The signals an element gives by its attributes: visibility, role, class and id.
extension Document {
    /// Whether the element is hidden from readers: `hidden`, `display: none`, `visibility: hidden`, or
    /// `aria-hidden="true"` (except MediaWiki's fallback images for formulas, which are what text readers get).
    func isHidden(_ node: Int32) -> Bool {
        if attribute(node, "hidden") != nil { return true }
        if let style = attribute(node, "style"), Self.styleHides(style) { return true }
        if attribute(node, "aria-hidden")?.trimmingSpaces() == "true" {
            return !(attribute(node, "class") ?? "").includes("fallback-image")
        }
        return false
    }

    /// The element's score for its class and id: −25 for each that reads like furniture, +25 for each that
    /// reads like content.
    func classWeight(_ node: Int32) -> Double {
        weight(of: attribute(node, "class")) + weight(of: attribute(node, "id"))
    }

    private func weight(of name: String?) -> Double {
        guard let name, !name.isEmpty else { return 0 }
        let lower = name.asciiLowercased()
        var weight = 0.0
        if ClassHints.isNegative(lower) { weight -= 25 }
        if ClassHints.positive.matches(lower) { weight += 25 }
        return weight
    }

    /// Whether a `style` attribute says `display: none` or `visibility: hidden` (compared on its ASCII
    /// letters, without whitespace, case-insensitively).
    static func styleHides(_ style: String) -> Bool {
        // Compacted in temporary memory (on the stack when small: most elements with a style ask).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: style.utf8.count) { buffer in
            var length = 0
            for byte in style.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C {
                buffer[length] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                length += 1
            }
            let compact = UnsafeBufferPointer(rebasing: buffer[..<length])
            return contains(compact, "display:none") || contains(compact, "visibility:hidden")
        }
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        let letters = needle.utf8Start
        guard haystack.count >= count else { return false }
        for start in 0...(haystack.count - count) where haystack[start] == letters[0] {
            var matched = true
            for offset in 1..<count where haystack[start + offset] != letters[offset] {
                matched = false
                break
            }
            if matched { return true }
        }
        return false
    }

    /// Roles of elements that are never the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
}
