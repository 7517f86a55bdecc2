/// The rules for a tag: what a source is filed under, as ``TagSource``, ``AddSource`` and an OPML import keep it.
///
/// A tag is one line of text: surrounding whitespace and a leading `#` (as in `list #news`) are dropped, every
/// run of whitespace or control characters inside becomes one space, and an empty result is no tag. Tags are
/// compared exactly (case matters); a front that lets a user type one loosely resolves it against the tags in
/// use first (``SourcesState/tag(named:)``).
public enum TagName {
    /// `text` as a tag, or nil when nothing is left of it.
    public static func normalized(_ text: String) -> String? {
        var words = text.split { $0.isWhitespace || $0.isNewline || $0.unicodeScalars.allSatisfy(isControl) }
        if let first = words.first, first.hasPrefix("#") {
            words[0] = first.drop { $0 == "#" }
            if words[0].isEmpty { words.removeFirst() }
        }
        let tag = words.joined(separator: " ")
        return tag.isEmpty ? nil : tag
    }

    /// `texts` as tags, in order, each once; those with nothing left are dropped.
    public static func normalized(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.compactMap(normalized).filter { seen.insert($0).inserted }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    }
}
