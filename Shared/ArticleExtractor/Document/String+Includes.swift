extension String {
    /// The string lower-cased: ASCII byte by byte without building a new string when it has no capitals,
    /// anything else as `lowercased()` does.
    func asciiLowercased() -> String {
        var capitals = false
        for byte in utf8 {
            if byte >= 0x80 { return lowercased() }
            if byte >= 0x41, byte <= 0x5A { capitals = true }
        }
        guard capitals else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `needle` occurs in the string, compared byte for byte: the hints look for short ASCII words in
    /// attribute values on every element, where `contains(_:)` and its general searcher were a visible cost.
    func includes(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { word in
                guard !word.isEmpty else { return true }
                guard text.count >= word.count else { return false }
                let first = word[0]
                for start in 0...(text.count - word.count) where text[start] == first {
                    var matched = true
                    for offset in 1..<word.count where text[start + offset] != word[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
                return false
            }
        }
    }
}
