import Foundation
import GRDB

/// The step of a merge for a new item: the rules decide first (``NewArticleRules``: a deleted item is never
/// stored, only its tombstone), then the stories (``StoryPlacement``), then the article is inserted with its
/// marks, its story, whether its page's full text is due (``FullTextQueueing``) and a number above every number
/// given before, even of articles since removed.
struct NewArticleInsertion {
    let source: String
    let sourceID: UUID
    let now: Date
    let showingStoriesOnce: Bool
    let fullText: FullTextQueueing
    private let rules: NewArticleRules
    private let stories: StoryPlacement
    private let insert: Statement
    private let bury: Statement

    /// What became of one new item.
    enum Outcome: Equatable {
        /// Deleted by a rule: only its tombstone was stored.
        case deleted(ruleChanges: Int)
        /// Stored.
        case inserted(rowid: Int64, counted: MergeTally.Article, ruleChanges: Int)
    }

    init(sourceID: UUID, now: Date, showingStoriesOnce: Bool, fullText: FullTextQueueing, _ db: Database) throws {
        self.sourceID = sourceID
        source = sourceID.uuidString
        self.now = now
        self.showingStoriesOnce = showingStoriesOnce
        self.fullText = fullText
        rules = try NewArticleRules(db, sourceID: sourceID)
        stories = try StoryPlacement(db)
        insert = try db.cachedStatement(sql: """
            INSERT INTO article (\(StoredArticle.columns), \(Self.storyColumns))
            VALUES (\(StoredArticle.placeholders), \(Self.storyPlaceholders))
            """)
        bury = try db.cachedStatement(sql: "INSERT OR IGNORE INTO article_tombstone (sourceId, stableId) VALUES (?, ?)")
    }

    /// Stores `item`, the first new article of this merge when `isFirst`.
    func insert(_ item: FetchedItem, isFirst: Bool, _ db: Database) throws -> Outcome {
        let verdict = rules.verdict(for: item, firstSeen: now, now: now)
        if verdict.isDeleted {
            // Deleted by a rule: never stored; the tombstone keeps the next fetch from bringing it.
            try bury.execute(arguments: [source, item.stableID])
            return .deleted(ruleChanges: verdict.changes)
        }
        let signature = StorySignature(item)
        let date = (item.publishedAt ?? item.updatedAt ?? now).storageValue
        let place = try stories.place(signature, sourceID: source, date: date, hidden: verdict.isHidden, db)
        let marks = place.marks(read: verdict.isRead, starred: verdict.isStarred, showingStoriesOnce: showingStoriesOnce)
        let article = StoredArticle(
            id: UUID.timeOrdered(at: now), sourceID: sourceID, stableID: item.stableID, title: item.title,
            link: item.link, author: item.author, publishedAt: item.publishedAt, updatedAt: item.updatedAt,
            summary: item.summary, contentHTML: item.contentHTML, enclosureURL: item.enclosureURL,
            enclosureType: item.enclosureType, categories: item.categories, firstSeenAt: now,
            isRead: marks.isRead, isStarred: marks.isStarred)
        let storyArguments: StatementArguments = [
            verdict.isHidden, item.originLink, signature.linkKey, signature.titleKey, place.match?.storyNumber,
            place.isDuplicate, fullText.dueAt(now)?.storageValue,
        ]
        if isFirst, let number = try FeedDatabase.firstFreeArticleNumber(db) {
            // Above every number ever given: the ones after it follow by SQLite's own rule.
            try db.cachedStatement(sql: """
                INSERT INTO article (rowid, \(StoredArticle.columns), \(Self.storyColumns))
                VALUES (?, \(StoredArticle.placeholders), \(Self.storyPlaceholders))
                """).execute(arguments: [number] + article.arguments + storyArguments)
        } else {
            try insert.execute(arguments: article.arguments + storyArguments)
        }
        let counted = MergeTally.Article(
            isVisible: !verdict.isHidden, isRead: marks.isRead, isStarred: marks.isStarred, isDuplicate: place.isDuplicate)
        return .inserted(rowid: db.lastInsertedRowID, counted: counted, ruleChanges: verdict.changes)
    }

    /// The columns a merge inserts besides ``StoredArticle/columns``: the rules', the story's, and when the page's
    /// full text is due.
    private static let storyColumns = "isHidden, originLink, linkKey, titleKey, story, isDuplicate, fullTextRetryAt"
    private static let storyPlaceholders = "?, ?, ?, ?, ?, ?, ?"
}
