import CGumbo

/// Gumbo's tag numbers mapped to ``Tag`` once, by Gumbo's own names for them.
enum GumboTags {
    /// The ``Tag`` of each Gumbo tag number.
    static let table: [Tag] = (0..<Int(GUMBO_TAG_LAST.rawValue)).map { number in
        guard let name = gumbo_normalized_tagname(GumboTag(UInt32(number))) else { return .unknown }
        return Tag.named(String(cString: name))
    }

    /// The tag of a Gumbo element; elements of SVG and MathML other than their roots are ``Tag/unknown``.
    static func tag(of element: GumboElement) -> Tag {
        let number = Int(element.tag.rawValue)
        guard number < table.count else { return .unknown }
        let tag = table[number]
        if element.tag_namespace != GUMBO_NAMESPACE_HTML, tag != .svg, tag != .math { return .unknown }
        return tag
    }
}
