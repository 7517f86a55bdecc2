/// A field that several elements can fill, where the better source wins whatever the document order
/// (e.g. `content:encoded` over `xhtml:body`, `<guid>` over `rdf:about`). Lower rank is better; on a tie the
/// later offer wins, as in feedparser (a repeated element overwrites).
struct Ranked<Value> {
    private(set) var value: Value?
    private var rank = Int.max

    mutating func offer(_ candidate: Value?, rank newRank: Int) {
        guard let candidate, newRank <= rank else { return }
        value = candidate
        rank = newRank
    }

    /// For list fields: appends when `newRank` equals the current rank, replaces when it is better.
    mutating func append<Element>(_ element: Element?, rank newRank: Int) where Value == [Element] {
        guard let element else { return }
        if newRank == rank, value != nil {
            value!.append(element)
        } else if newRank < rank {
            value = [element]
            rank = newRank
        }
    }
}

/// An item being assembled from whichever elements a format provides.
struct ItemDraft {
    var id = Ranked<(String, FeedItem.IDKind)>()
    var title = Ranked<TitleText.Given>()
    var link = Ranked<String>()
    var authors = Ranked<[FeedAuthor]>()
    var published = Ranked<FeedDate>()
    var updated = Ranked<FeedDate>()
    var summary = Ranked<String>()
    var content = Ranked<String>()
    var thumbnail = Ranked<String>()
    var duration = Ranked<Double>()
    var originLink = Ranked<String>()
    var enclosures: [FeedEnclosure] = []
    var categories: [String] = []

    mutating func addEnclosure(_ enclosure: FeedEnclosure) {
        if let existing = enclosures.firstIndex(where: { $0.url == enclosure.url }) {
            var merged = enclosures[existing]
            merged.mimeType = merged.mimeType ?? enclosure.mimeType
            merged.length = merged.length ?? enclosure.length
            merged.durationSeconds = merged.durationSeconds ?? enclosure.durationSeconds
            enclosures[existing] = merged
        } else {
            enclosures.append(enclosure)
        }
    }

    mutating func addCategory(_ term: String?) {
        guard let term = term?.trimmingASCIIWhitespace(), !term.isEmpty, !categories.contains(term) else { return }
        categories.append(term)
    }

    /// The finished item, with its identity decided by ``ItemIdentity`` (the hash reads the title as given,
    /// so that ids stored before titles became plain text stay the same).
    func build(feedAuthors: [FeedAuthor]) -> FeedItem {
        let (id, kind) = id.value ?? (
            ItemIdentity.hashID(
                link: link.value, title: title.value?.text, enclosureURL: enclosures.first?.url,
                summary: summary.value, contentHTML: content.value, date: (published.value ?? updated.value)?.date),
            .hash)
        return FeedItem(
            id: id, idKind: kind, title: title.value.flatMap { TitleText.plain($0.text, $0.markup) },
            link: link.value,
            authors: authors.value ?? feedAuthors, published: published.value, updated: updated.value,
            summary: summary.value, contentHTML: content.value, enclosures: enclosures, categories: categories,
            thumbnailURL: thumbnail.value, durationSeconds: duration.value ?? enclosures.first?.durationSeconds,
            originLink: originLink.value)
    }
}

/// Feed-level fields being assembled.
struct FeedDraft {
    var title = Ranked<TitleText.Given>()
    var link = Ranked<String>()
    var selfLink = Ranked<String>()
    var description = Ranked<String>()
    var icon = Ranked<String>()
    var updated = Ranked<FeedDate>()
    var language = Ranked<String>()
    var authors = Ranked<[FeedAuthor]>()
    var ttl = Ranked<Int>()
    var updatePeriod = Ranked<UpdatePeriod>()
    var updateFrequency = Ranked<Int>()
}
