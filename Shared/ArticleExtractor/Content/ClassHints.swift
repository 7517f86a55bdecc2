/// What an element's `class` and `id` suggest about it, by the words page templates use.
///
/// The word lists are Readability's: "comment", "sidebar", "share" and their kin mark what is not the
/// article, "article", "content", "post" what is. Matching is on lower-cased ASCII bytes, by substring (so
/// "comments-list" and "commentary" both match "comment"), with no regular expression.
enum ClassHints {
    /// Looks like navigation, comments, ads or other page furniture.
    static let unlikely = Keywords([
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ])
    /// Overrides ``unlikely``: an element named for both is kept.
    static let maybeContent = Keywords(["and", "article", "body", "column", "content", "main", "mathjax", "shadow"])
    /// Adds to a candidate's score.
    static let positive = Keywords([
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ])
    /// Takes from a candidate's score; the word "hid" counts only on its own (see ``isNegative(_:)``).
    static let negative = Keywords([
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
        "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget",
    ])
    /// Marks the element that names the author.
    static let byline = Keywords(["byline", "author", "dateline", "writtenby", "p-author"])

    /// Whether `name` (a lower-cased class or id) is a negative hint.
    static func isNegative(_ name: String) -> Bool {
        if negative.matches(name) { return true }
        // "hid" as one of the space-separated words, found in the bytes of ASCII names (splitting built an array
        // per name); a space can start a longer character in other text.
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            return name.split(separator: " ", omittingEmptySubsequences: false).contains("hid")
        }
        var name = name
        return name.withUTF8 { bytes in
            var start = 0
            while start + 3 <= bytes.count {
                let end = start + 3
                if bytes[start] == UInt8(ascii: "h"), bytes[start + 1] == UInt8(ascii: "i"), bytes[start + 2] == UInt8(ascii: "d"),
                   start == 0 || bytes[start - 1] == 0x20, end == bytes.count || bytes[end] == 0x20 {
                    return true
                }
                start += 1
            }
            return false
        }
    }

    /// Whether `name` holds "share" or "sharedaddy" as a word of its own (`share-bar`, `post_share`, not
    /// `shareholders`).
    static func isShare(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count >= share.utf8CodeUnitCount else { return false }
            for start in 0...(bytes.count - share.utf8CodeUnitCount) where matches(share, in: bytes, at: start) {
                let before = start == 0 ? 0x20 : bytes[start - 1]
                guard !isAlphanumeric(before) else { continue }
                var end = start + share.utf8CodeUnitCount
                if matches(daddy, in: bytes, at: end) { end += daddy.utf8CodeUnitCount }
                let after = end == bytes.count ? 0x20 : bytes[end]
                if !isAlphanumeric(after) { return true }
            }
            return false
        }
    }

    private static let share: StaticString = "share"
    private static let daddy: StaticString = "daddy"

    /// Whether `word` is in `bytes` at `start`.
    private static func matches(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        let letters = word.utf8Start
        for offset in 0..<count where bytes[start + offset] != letters[offset] { return false }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte >= 0x80
    }
}

/// A set of words looked for inside lower-cased text.
struct Keywords {
    private let words: [[UInt8]]
    /// For each first byte, the indices of the words that start with it.
    private let byFirstByte: [[Int]]

    init(_ words: [String]) {
        self.words = words.map { Array($0.utf8) }
        var table = [[Int]](repeating: [], count: 256)
        for (index, word) in self.words.enumerated() { table[Int(word[0])].append(index) }
        byFirstByte = table
    }

    /// Whether any word occurs in `text`.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            for start in 0..<count {
                for index in byFirstByte[Int(bytes[start])] {
                    let word = words[index]
                    guard start + word.count <= count else { continue }
                    var matched = true
                    for offset in 1..<word.count where bytes[start + offset] != word[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
            }
            return false
        }
    }
}
