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
    /// The icon the feed declares, resolved.
    var iconURL: String? = nil

    var isEmpty: Bool { title == nil && siteLink == nil && url == nil && iconURL == nil }
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

    /// The merge itself, a step per concern: identity (``MergeIdentity``), changes to known articles
    /// (``KnownArticleUpdate``), new articles with their rules, stories and full-text queueing
    /// (``NewArticleInsertion``), counts (``MergeTally``), retention's tombstones (``TombstonePruning``), and the
    /// source's status and details (``SourceDetailsUpdate``). The articles it inserts are added to `pending`, for
    /// the caller to index before the transaction commits.
    static func merge(
        _ items: [FetchedItem], sourceID: UUID, status: StoredFetchStatus?, details: FeedDetails = FeedDetails(),
        now: Date, showingStoriesOnce: Bool = false, indexing pending: inout PendingSearchIndex, _ db: Database
    ) throws -> MergeResult? {
        let source = sourceID.uuidString
        guard let fullText = try FullTextQueueing.of(source, db) else { return nil }  // the source is gone
        var stored = try StoredFeedItems(sourceID: source, stableIDs: items.map(\.stableID), db)
        try stored.matchOtherForms(of: items, sourceID: source, db)
        var identity = MergeIdentity(stored)
        let updates = try KnownArticleUpdate(now: now, db)
        let insertion = try NewArticleInsertion(
            sourceID: sourceID, now: now, showingStoriesOnce: showingStoriesOnce, fullText: fullText, db)
        var result = MergeResult(inserted: 0, updated: 0)
        var tally = MergeTally()
        var insertedRowids: ClosedRange<Int64>?
        for item in items {
            switch identity.place(item.stableID) {
            case .repeated, .buried:
                continue
            case .known(let known):
                if try updates.apply(item, to: known, indexing: &pending, db) { result.updated += 1 }
            case .new:
                switch try insertion.insert(item, isFirst: result.inserted == 0, db) {
                case .deleted(let changes):
                    result.ruled += changes
                case .inserted(let rowid, let counted, let changes):
                    result.ruled += changes
                    tally.count(counted)
                    insertedRowids = insertedRowids.map { min($0.lowerBound, rowid)...max($0.upperBound, rowid) } ?? rowid...rowid
                    result.inserted += 1
                }
            }
        }
        (result.visible, result.unread, result.starred, result.duplicates) = (tally.visible, tally.unread, tally.starred, tally.duplicates)
        if let insertedRowids {
            pending.add(insertedRowids)
            // The counts of the feed's new articles, in one statement (see `FeedSchema.countInsertsByWriters`).
            try FeedSchema.addInsertedCounts(
                visible: tally.visible, unread: tally.unread, starred: tally.starred, duplicates: tally.duplicates,
                sourceID: source, db)
        }
        if !items.isEmpty { try TombstonePruning.prune(stored.tombstones, sourceID: source, listed: identity.listed, db) }
        result.moved = try SourceDetailsUpdate.apply(status: status, details: details, sourceID: sourceID, db)
        return result
    }
}
