/// The signals an element gives by its attributes: visibility, role, class and id.
extension Document {
    /// Whether the element is hidden from readers: `hidden`, `display: none`, `visibility: hidden`, or
    /// `aria-hidden="true"` (except MediaWiki's fallback images for formulas, which are what text readers get).
    func isHidden(_ node: Int32) -> Bool {
        if attribute(node, "hidden") != nil { return true }
        if let style = attribute(node, "style") {
            let compact = style.lowercased().filter { !$0.isWhitespace }
            if compact.contains("display:none") || compact.contains("visibility:hidden") { return true }
        }
        if attribute(node, "aria-hidden")?.trimmingSpaces() == "true" {
            return !(attribute(node, "class") ?? "").contains("fallback-image")
        }
        return false
    }

    /// The element's score for its class and id: −25 for each that reads like furniture, +25 for each that
    /// reads like content.
    func classWeight(_ node: Int32) -> Double {
        var weight = 0.0
        for name in [attribute(node, "class"), attribute(node, "id")] {
            guard let name, !name.isEmpty else { continue }
            let lower = name.lowercased()
            if ClassHints.isNegative(lower) { weight -= 25 }
            if ClassHints.positive.matches(lower) { weight += 25 }
        }
        return weight
    }

    /// Roles of elements that are never the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
}
