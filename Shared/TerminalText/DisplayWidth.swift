/// Terminal column widths, measured per grapheme cluster (what a user sees as one character).
///
/// A terminal lays text out in cells, not characters: CJK ideographs and emoji take two cells, combining marks
/// and zero-width joiners take none. Columns, truncation and wrapping are only right when they count cells.
extension Character {
    /// The number of terminal columns this character occupies (0, 1 or 2).
    ///
    /// Emoji sequences (ZWJ families, flags, keycaps, text characters followed by VS16) are two columns, as modern
    /// terminals draw them; control characters are zero, since they must never reach a terminal anyway.
    public var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 {
            // ASCII fast path; a cluster starting with ASCII may still carry combining marks, which add nothing,
            // except a keycap sequence (digit + VS16 + U+20E3), which is an emoji.
            if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
            return (first.value < 0x20 || first.value == 0x7F) ? 0 : 1
        }
        if scalars.count > 1 {
            if isRegionalIndicator(first), scalars.dropFirst().contains(where: isRegionalIndicator) { return 2 }
            if scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
            if scalars.contains(where: { $0.value == 0x200D }), first.properties.isEmojiPresentation { return 2 }
        }
        return scalarWidth(first)
    }
}

extension StringProtocol {
    /// The number of terminal columns the text occupies on one line.
    ///
    /// Counts per grapheme cluster, so a family emoji made of seven scalars counts once. Line breaks and other
    /// control characters count zero: measure one line at a time.
    public var displayWidth: Int {
        var total = 0
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in utf8 where byte >= 0x20 && byte != 0x7F { total += 1 }
            return total
        }
        for character in self { total += character.displayWidth }
        return total
    }
}

/// The width of one scalar on its own, from the generated table (with a fallback for emoji newer than it).
func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if value < 0x300 { return 1 }
    var low = 0
    var high = widthTable.count - 1
    while low <= high {
        let middle = (low + high) / 2
        let entry = widthTable[middle]
        if value < entry.low {
            high = middle - 1
        } else if value > entry.high {
            low = middle + 1
        } else {
            return Int(entry.width)
        }
    }
    // Emoji added after the table's Unicode version: the standard library knows them.
    if value >= 0x1F000, scalar.properties.isEmojiPresentation { return 2 }
    return 1
}

private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}
