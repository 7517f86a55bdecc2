import Foundation

/// Tags across the sources: the views a front builds on them (`sources` grouped by tag, `list #news`).
extension SourcesState {
    /// Every tag some source is filed under, each once, sorted (case ignored, then as written).
    public var tags: [String] {
        Set(all.flatMap(\.tags)).sorted { lhs, rhs in
            let order = lhs.localizedCaseInsensitiveCompare(rhs)
            return order == .orderedSame ? lhs < rhs : order == .orderedAscending
        }
    }

    /// The sources filed under `tag` (exactly as written), in display order.
    public func tagged(_ tag: String) -> [Source] {
        all.filter { $0.tags.contains(tag) }
    }

    /// The tag in use that `text` names, so that fronts can let a user type one loosely: `text` as a tag (see
    /// ``TagName``) when some source has it exactly, else the first tag in ``tags`` equal to it with case
    /// ignored; nil when no source has such a tag.
    public func tag(named text: String) -> String? {
        guard let wanted = TagName.normalized(text) else { return nil }
        let known = tags
        if known.contains(wanted) { return wanted }
        return known.first { $0.caseInsensitiveCompare(wanted) == .orderedSame }
    }
}
