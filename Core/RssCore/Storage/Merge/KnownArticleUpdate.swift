import Foundation
import GRDB

/// The step of a merge for an article stored already: its text, links, dates and enclosure are updated when the
/// fetch changed them (and it is dated as changed, for sync clients); its marks, identity, number, first-seen
/// time and story never change, and fields its page's metadata filled stay while the feed still lacks them.
struct KnownArticleUpdate {
    private let update: Statement
    let now: Date

    init(now: Date, _ db: Database) throws {
        self.now = now
        update = try db.cachedStatement(sql: """
            UPDATE article SET title = ?, link = ?, author = ?, publishedAt = ?, updatedAt = ?, summary = ?,
                contentHTML = ?, enclosureURL = ?, enclosureType = ?, categories = ?, sortDate = ?, changedAt = ?,
                originLink = ?, linkKey = ?, titleKey = ?
            WHERE rowid = ?
            """)
    }

    /// The fields `item` gives `known`, as they would be stored; nil when nothing changed.
    static func changes(of known: StoredFeedItems.Known, by item: FetchedItem) -> MergeFields? {
        let fetched = MergeFields(item: item)
            .keepingPageFields(known.pageFilled, of: known.fields, titleIsFallback: item.titleIsFallback)
        return known.fields == fetched ? nil : fetched
    }

    /// Updates `known` with what `item` changed; returns whether anything did.
    func apply(_ item: FetchedItem, to known: StoredFeedItems.Known, indexing pending: inout PendingSearchIndex, _ db: Database) throws -> Bool {
        guard let fetched = Self.changes(of: known, by: item) else { return false }
        let sortDate = fetched.publishedAt ?? fetched.updatedAt ?? known.firstSeenAt
        if pending.contains(known.rowid) {
            // Stored earlier in this transaction (the same feed merged twice in one batch): its update trigger must
            // find it in the index.
            try pending.index(db)
        }
        // The story it was linked to stays; the keys follow the text, for the copies still to come.
        let signature = StorySignature(item)
        try update.execute(arguments: [
            fetched.title, item.link, fetched.author, fetched.publishedAt, fetched.updatedAt, item.summary,
            item.contentHTML, fetched.enclosureURL, fetched.enclosureType, fetched.categories, sortDate,
            now.storageValue, item.originLink, signature.linkKey, signature.titleKey, known.rowid,
        ])
        return true
    }
}
