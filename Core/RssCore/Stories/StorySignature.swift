/// What tells which story an article is: its normalised link (``StoryLink``), its normalised title and the
/// start of its text (``StoryText``), with the keys the database finds them by.
///
/// The keys are 64-bit hashes (``StoryKey``): they find the candidates, and the candidates' own signatures,
/// made again from what is stored, decide. A collision of two hashes never links two stories.
struct StorySignature {
    /// The normalised link (of the feed's origin link when it gives one), nil when the article has none or it
    /// names a home page.
    let link: String?
    /// The normalised title ("" when it has no word).
    let title: String
    private let summaryHTML: String?
    private let contentHTML: String?

    /// The signature of an article with these fields as stored.
    init(link: String?, originLink: String?, title: String, summaryHTML: String?, contentHTML: String?) {
        let normalised = (originLink ?? link).flatMap(StoryLink.normalised)
        self.link = normalised.flatMap { StoryLink.isHomePage($0) ? nil : $0 }
        self.title = StoryText.normalisedTitle(title)
        self.summaryHTML = summaryHTML
        self.contentHTML = contentHTML
    }

    /// The key of ``link``.
    var linkKey: Int64? { link.map(StoryKey.of) }

    /// The key of ``title``.
    var titleKey: Int64? { title.isEmpty ? nil : StoryKey.of(title) }

    /// The starts of the summary and of the content (those that have words): an excerpt in one feed and the
    /// whole text in another start alike.
    func textStarts() -> [[String]] {
        [summaryHTML, contentHTML].compactMap { html in
            guard let html else { return nil }
            let words = StoryText.startWords(ofHTML: html)
            return words.isEmpty ? nil : words
        }
    }

    /// Whether `other` is the same story by its text: the same title, and a text of each that starts alike
    /// (the dates are the caller's to compare, see ``StoryText/window``).
    func sameStoryByText(as other: StorySignature, starts: [[String]]) -> Bool {
        guard !title.isEmpty, title == other.title else { return false }
        let theirs = other.textStarts()
        return starts.contains { mine in theirs.contains { StoryText.startsAlike(mine, $0) } }
    }
}

/// A stable 64-bit key of a normalised text: FNV-1a over its UTF-8, the same in every process and version
/// (unlike `hashValue`), which keys kept in the database need.
enum StoryKey {
    static func of(_ text: String) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return Int64(bitPattern: hash)
    }
}

extension StorySignature {
    /// The signature of a fetched item.
    init(_ item: FetchedItem) {
        self.init(
            link: item.link, originLink: item.originLink, title: item.title, summaryHTML: item.summary,
            contentHTML: item.contentHTML)
    }
}
