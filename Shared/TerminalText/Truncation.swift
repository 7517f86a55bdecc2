/// Fitting text into a fixed number of terminal columns: the basis of aligned columns in lists and reports.
///
/// All measures are display widths (``Swift/StringProtocol/displayWidth``), so a CJK title and an ASCII title cut to
/// the same width line up. Input is expected to be one line of sanitised text.
extension String {
    /// The text cut to at most `width` columns, ending in `ellipsis` when something was cut.
    ///
    /// A wide character that would straddle the limit is dropped whole, so the result can be one column narrower
    /// than `width`; use ``fitted(toWidth:alignment:ellipsis:)`` when the exact width matters.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        let ellipsisWidth = ellipsis.displayWidth
        guard ellipsisWidth <= width else { return String(prefix(ofWidth: width)) }
        return String(prefix(ofWidth: width - ellipsisWidth)) + ellipsis
    }

    /// The text padded with spaces to exactly `width` columns (text already wider is returned unchanged).
    public func padded(toWidth width: Int, alignment: TextAlignment = .left) -> String {
        let missing = width - displayWidth
        guard missing > 0 else { return self }
        switch alignment {
        case .left:
            return self + String(repeating: " ", count: missing)
        case .right:
            return String(repeating: " ", count: missing) + self
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + self + String(repeating: " ", count: missing - before)
        }
    }

    /// The text truncated and then padded, so that it takes exactly `width` columns: one cell of a table.
    public func fitted(toWidth width: Int, alignment: TextAlignment = .left, ellipsis: String = "…") -> String {
        truncated(toWidth: width, ellipsis: ellipsis).padded(toWidth: width, alignment: alignment)
    }

    /// The longest prefix whose width is at most `width`, never splitting a grapheme cluster.
    func prefix(ofWidth width: Int) -> Substring {
        var used = 0
        var end = startIndex
        for index in indices {
            let characterWidth = self[index].displayWidth
            if used + characterWidth > width { break }
            used += characterWidth
            end = self.index(after: index)
        }
        return self[startIndex..<end]
    }
}

/// Where text sits in a cell wider than itself.
public enum TextAlignment: Sendable, Equatable {
    /// Text first, padding after: names and titles.
    case left
    /// Padding first: numbers and counts, so their digits line up.
    case right
    /// Padding split evenly (the extra column goes after): headings.
    case center
}
