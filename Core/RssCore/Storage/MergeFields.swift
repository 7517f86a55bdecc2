import GRDB

/// The fields a re-fetch may change, in stored form (dates as REAL), so that comparing them finds real changes only.
struct MergeFields: Equatable {
    var title: String
    var link, author: String?
    var publishedAt, updatedAt: Double?
    var summary, contentHTML, enclosureURL, enclosureType: String?
    /// In stored form (one a line).
    var categories: String?
    /// The feed's address of the original (`feedburner:origLink`).
    var originLink: String?

    init(row: Row) {
        title = row["title"]
        link = row["link"]
        author = row["author"]
        publishedAt = row["publishedAt"]
        updatedAt = row["updatedAt"]
        summary = row["summary"]
        contentHTML = row["contentHTML"]
        enclosureURL = row["enclosureURL"]
        enclosureType = row["enclosureType"]
        categories = row["categories"]
        originLink = row["originLink"]
    }

    init(item: FetchedItem) {
        title = item.title
        link = item.link
        author = item.author
        publishedAt = item.publishedAt.storageValue
        updatedAt = item.updatedAt.storageValue
        summary = item.summary
        contentHTML = item.contentHTML
        enclosureURL = item.enclosureURL
        enclosureType = item.enclosureType
        categories = item.categories.storedLines
        originLink = item.originLink
    }
}

extension MergeFields {
    /// The fields a fetch gives, with those `known`'s page filled (`filled`) kept where the feed still lacks
    /// them: a re-fetch of a feed without authors must neither undo the page's author nor count as a change.
    /// `titleIsFallback` says the item's title was made up (the feed gives none).
    func keepingPageFields(_ filled: PageFill, of known: MergeFields, titleIsFallback: Bool) -> MergeFields {
        guard !filled.isEmpty else { return self }
        var fields = self
        if filled.contains(.title), titleIsFallback { fields.title = known.title }
        if filled.contains(.author), author == nil { fields.author = known.author }
        if filled.contains(.date), publishedAt == nil, updatedAt == nil { fields.publishedAt = known.publishedAt }
        if filled.contains(.image), enclosureURL == nil {
            fields.enclosureURL = known.enclosureURL
            fields.enclosureType = known.enclosureType
        }
        return fields
    }
}
