import Foundation
import GRDB

/// What a merge changed: items stored for the first time, and known items whose text changed.
struct MergeResult: Sendable, Equatable {
    var inserted: Int
    var updated: Int
    /// Of the inserted articles, those the rules left visible (not hidden), and of those the unread and the
    /// starred ones. (An item a rule deletes is not inserted.)
    var visible = 0
    var unread = 0
    var starred = 0
    /// How many changes the rules made to the inserted articles.
    var ruled = 0
    /// Of the visible inserted articles, the copies of stories another source's copy already stands for (see
    /// ``StoryLinking``).
    var duplicates = StoryDuplicates()
    /// Whether the source took the moved URL of ``FeedDetails/url``: not when another source already has it.
    var moved = false
}

/// What a fetch says about its source besides the items; nil fields leave the stored value.
struct FeedDetails: Sendable, Equatable {
    var title: String?
    var siteLink: String?
    /// The new address after a permanent redirect.
    var url: String?

    var isEmpty: Bool { title == nil && siteLink == nil && url == nil }
}

/// Merging a fetched feed into a source's articles: the rules that make refreshing safe to repeat.
extension FeedDatabase {
    /// Merges `items` into the articles of `sourceID` in one transaction, with the fetch status when given, so a
    /// refresh is stored whole or not at all; the feed's `details` (title, site, moved URL) land in the same
    /// transaction. Only those columns are written: a source disabled or retagged meanwhile stays so.
    ///
    /// Rules:
    /// - an item is known by (source, stable id), or by another form of its id where the feed shares its guid
    ///   with other items (``StoredFeedItems/matchOtherForms(of:sourceID:_:)``): a re-fetch never duplicates it
    ///   (duplicates within one fetch count once, the first wins);
    /// - a known item's text, links, dates and enclosure are updated when they changed (and it is dated as
    ///   changed, for sync clients); its read and starred marks, id and first-seen time never are;
    /// - a new item's number (its rowid) is above every number given before, even of articles since removed;
    /// - an item missing from this fetch stays (retention removes old items, not the feed);
    /// - an item removed by retention does not come back while the feed still lists it (tombstones), and the
    ///   tombstones of items the feed no longer lists are dropped;
    /// - a moved URL already followed by another source is not taken (``MergeResult/moved`` says);
    /// - the rules apply to each new item as it is inserted, in the same transaction (``NewArticleRules``): no
    ///   article is ever stored without its rules having run, and a failure stores neither; an item a rule
    ///   deletes is not stored (only its tombstone);
    /// - a new item of a story another source's article already carries is linked to it (``StoryLinking``):
    ///   stored as a copy of that story, taking its read and starred marks when `showingStoriesOnce` (a mark on
    ///   one copy is a mark on all).
    ///
    /// Returns nil, having written nothing, when the source is gone (removed while it was being fetched).
    @discardableResult
    func mergeFetchedItems(
        _ items: [FetchedItem], sourceID: UUID, status: StoredFetchStatus? = nil, now: Date = Date(),
        details: FeedDetails = FeedDetails(), showingStoriesOnce: Bool = false
    ) throws(DatabaseProblem) -> MergeResult? {
        try write(.storeFeed) { db in
            var pending = PendingSearchIndex()
            let result = try Self.merge(
                items, sourceID: sourceID, status: status, details: details, now: now,
                showingStoriesOnce: showingStoriesOnce, indexing: &pending, db)
            try pending.index(db)
            return result
        }
    }

    /// ``mergeFetchedItems(_:sourceID:status:now:details:showingStoriesOnce:)`` in a transaction shared with
    /// other fetches (``GroupCommit``): what a refresh uses, so that many sources cost few commits.
    func mergeFetchedItemsGrouped(
        _ items: [FetchedItem], sourceID: UUID, status: StoredFetchStatus, now: Date, details: FeedDetails,
        showingStoriesOnce: Bool = false
    ) async throws(DatabaseProblem) -> MergeResult? {
        try await groupWrite(.storeFeed) { db, pending in
            try Self.merge(
                items, sourceID: sourceID, status: status, details: details, now: now,
                showingStoriesOnce: showingStoriesOnce, indexing: &pending, db)
        }
    }

    /// The merge itself; the articles it inserts are added to `pending`, for the caller to index before the
    /// transaction commits.
    static func merge(
        _ items: [FetchedItem], sourceID: UUID, status: StoredFetchStatus?, details: FeedDetails = FeedDetails(),
        now: Date, showingStoriesOnce: Bool = false, indexing pending: inout PendingSearchIndex, _ db: Database
    ) throws -> MergeResult? {
        let source = sourceID.uuidString
        // The source's full-text choice; nil when the source is gone.
        guard let isFullText = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT fullText FROM source WHERE id = ?"), arguments: [source])
        else {
            return nil
        }
        var stored = try StoredFeedItems(sourceID: source, stableIDs: items.map(\.stableID), db)
        try stored.matchOtherForms(of: items, sourceID: source, db)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO article (\(StoredArticle.columns), \(Self.storyColumns))
            VALUES (\(StoredArticle.placeholders), \(Self.storyPlaceholders))
            """)
        let update = try db.cachedStatement(sql: """
            UPDATE article SET title = ?, link = ?, author = ?, publishedAt = ?, updatedAt = ?, summary = ?,
                contentHTML = ?, enclosureURL = ?, enclosureType = ?, categories = ?, sortDate = ?, changedAt = ?,
                originLink = ?, linkKey = ?, titleKey = ?
            WHERE rowid = ?
            """)
        let stories = try StoryLinking(db)

        let bury = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO article_tombstone (sourceId, stableId) VALUES (?, ?)")
        let rules = try NewArticleRules(db, sourceID: sourceID)

        var result = MergeResult(inserted: 0, updated: 0)
        var insertedRowids: ClosedRange<Int64>?
        var seen = Set<String>()
        for item in items where seen.insert(item.stableID).inserted {
            if let known = stored.article(for: item.stableID) {
                let fetched = MergeFields(item: item)
                    .keepingPageFields(known.pageFilled, of: known.fields, titleIsFallback: item.titleIsFallback)
                if known.fields == fetched { continue }
                let sortDate = fetched.publishedAt ?? fetched.updatedAt ?? known.firstSeenAt
                let rowid = known.rowid
                if pending.contains(rowid) {
                    // Stored earlier in this transaction (the same feed merged twice in one batch): its update
                    // trigger must find it in the index.
                    try pending.index(db)
                }
                // The story it was linked to stays; the keys follow the text, for the copies still to come.
                let signature = StorySignature(item)
                try update.execute(arguments: [
                    fetched.title, item.link, fetched.author, fetched.publishedAt, fetched.updatedAt, item.summary,
                    item.contentHTML, fetched.enclosureURL, fetched.enclosureType, fetched.categories, sortDate,
                    now.storageValue, item.originLink, signature.linkKey, signature.titleKey, rowid,
                ])
                result.updated += 1
            } else if stored.isBuried(item.stableID) {
                continue
            } else {
                let verdict = rules.verdict(for: item, firstSeen: now, now: now)
                result.ruled += verdict.changes
                if verdict.isDeleted {
                    // Deleted by a rule: never stored; the tombstone keeps the next fetch from bringing it.
                    try bury.execute(arguments: [source, item.stableID])
                    continue
                }
                let signature = StorySignature(item)
                let date = (item.publishedAt ?? item.updatedAt ?? now).storageValue
                let copy = try stories.match(for: signature, sourceID: source, date: date)
                    .map { try Self.joinStory($0, hidden: verdict.isHidden, db) }
                // A copy of a story takes the story's marks: a mark on one copy is a mark on all.
                let inherits = showingStoriesOnce && copy?.match.isHidden == false
                let isRead = verdict.isRead || inherits && copy?.match.isRead == true
                let isStarred = verdict.isStarred || inherits && copy?.match.isStarred == true
                let article = StoredArticle(
                    id: UUID.timeOrdered(at: now), sourceID: sourceID, stableID: item.stableID, title: item.title,
                    link: item.link, author: item.author, publishedAt: item.publishedAt, updatedAt: item.updatedAt,
                    summary: item.summary, contentHTML: item.contentHTML, enclosureURL: item.enclosureURL,
                    enclosureType: item.enclosureType, categories: item.categories, firstSeenAt: now,
                    isRead: isRead, isStarred: isStarred)
                let isDuplicate = copy?.isDuplicate ?? false
                // A full-text source's new article is due for its page's text at once (see FeedSchema+FullText).
                let storyArguments: StatementArguments = [
                    verdict.isHidden, item.originLink, signature.linkKey, signature.titleKey,
                    copy?.match.storyNumber, isDuplicate, isFullText ? now.storageValue : nil,
                ]
                if result.inserted == 0, let number = try firstFreeArticleNumber(db) {
                    // Above every number ever given: the ones after it follow by SQLite's own rule.
                    try db.cachedStatement(sql: """
                        INSERT INTO article (rowid, \(StoredArticle.columns), \(Self.storyColumns))
                        VALUES (?, \(StoredArticle.placeholders), \(Self.storyPlaceholders))
                        """).execute(arguments: [number] + article.arguments + storyArguments)
                } else {
                    try insert.execute(arguments: article.arguments + storyArguments)
                }
                let rowid = db.lastInsertedRowID
                if !verdict.isHidden {
                    result.visible += 1
                    if !isRead { result.unread += 1 }
                    if isStarred { result.starred += 1 }
                    if isDuplicate {
                        result.duplicates.total += 1
                        if !isRead { result.duplicates.unread += 1 }
                        if isStarred { result.duplicates.starred += 1 }
                    }
                }
                insertedRowids = insertedRowids.map { min($0.lowerBound, rowid)...max($0.upperBound, rowid) } ?? rowid...rowid
                result.inserted += 1
            }
        }
        if let insertedRowids {
            pending.add(insertedRowids)
            // The counts of the feed's new articles, in one statement (see `FeedSchema.countInsertsByWriters`).
            try FeedSchema.addInsertedCounts(
                visible: result.visible, unread: result.unread, starred: result.starred,
                duplicates: result.duplicates, sourceID: source, db)
        }
        if !items.isEmpty {
            try pruneTombstones(stored.tombstones, sourceID: source, keeping: seen.union(stored.storedAs.values), db)
        }
        if let status {
            _ = try saveFetchStatus(status, sourceID: sourceID, db)  // the source exists: checked above
        }
        var details = details
        if let url = details.url {
            // A feed that moved to the address of a feed already followed (the same feed added twice, or two
            // feeds merged by their site) keeps its own address and follows the redirect each time, rather
            // than fail every refresh on the unique URL.
            let taken = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM source WHERE url = ? AND id <> ?", arguments: [url, source]) == true
            if taken { details.url = nil }
            result.moved = !taken
        }
        if !details.isEmpty {
            try db.execute(
                sql: """
                    UPDATE source SET title = coalesce(?, title), siteLink = coalesce(?, siteLink),
                        url = coalesce(?, url)
                    WHERE id = ?
                    """,
                arguments: [details.title, details.siteLink, details.url, source])
        }
        return result
    }

    /// The columns a merge inserts besides ``StoredArticle/columns``: the rules', the story's, and when the page's
    /// full text is due.
    private static let storyColumns = "isHidden, originLink, linkKey, titleKey, story, isDuplicate, fullTextRetryAt"
    private static let storyPlaceholders = "?, ?, ?, ?, ?, ?, ?"

    /// Makes the story of `match` ready for a new copy (hidden, when `hidden`): the first copy is named as the
    /// story's when it was alone. Returns the match and whether the new copy is a duplicate: it is stored last,
    /// so it is one when it is visible and a visible copy exists.
    private static func joinStory(
        _ match: StoryLinking.Match, hidden: Bool, _ db: Database
    ) throws -> (match: StoryLinking.Match, isDuplicate: Bool) {
        if match.story == nil {
            let name = try db.cachedStatement(sql: "UPDATE article SET story = rowid WHERE rowid = ?")
            try name.execute(arguments: [match.rowid])
        }
        guard !hidden else { return (match, false) }
        let visible = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM article WHERE story = ? AND isHidden = 0)"),
            arguments: [match.storyNumber]) ?? false
        return (match, visible)
    }

    /// Drops the tombstones (`stored`, as the merge began) of items the feed no longer lists: such an item cannot
    /// come back from this feed. (Tombstones the merge added are of items it lists.)
    private static func pruneTombstones(
        _ stored: Set<String>, sourceID: String, keeping stableIDs: Set<String>, _ db: Database
    ) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM article_tombstone WHERE sourceId = ? AND stableId = ?")
        for stableID in stored where !stableIDs.contains(stableID) {
            try delete.execute(arguments: [sourceID, stableID])
        }
    }
}
