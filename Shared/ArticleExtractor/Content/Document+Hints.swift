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
        var compact: [UInt8] = []
        compact.reserveCapacity(style.utf8.count)
        for byte in style.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C {
            compact.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return contains(compact, hiddenDisplay) || contains(compact, hiddenVisibility)
    }

    private static let hiddenDisplay = Array("display:none".utf8)
    private static let hiddenVisibility = Array("visibility:hidden".utf8)

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Roles of elements that are never the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
}
