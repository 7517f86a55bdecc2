import GRDB

/// The article counts, kept per source in `article_count` in the transaction of every change: reading the counts
/// (the prompt, a list's total, a start) costs one row per source instead of scans of a million articles.
/// Triggers on `article` count marks, hiding and removals, whoever makes them (a mark, retention, another
/// process); new articles are counted by the two places that insert them, the merge (a feed's new articles in
/// one statement) and the bulk path (one count at the end): see ``countInsertsByWriters(_:)``.
extension FeedSchema {
    /// The migration that adds the maintained counts (named, not numbered: see ``setUserVersion(of:_:)``).
    static let articleCountsMigration = "article-counts-maintained-by-triggers"

    /// The migration that leaves the counting of inserted articles to the two places that insert them (named,
    /// not numbered: see ``setUserVersion(of:_:)``).
    static let articleCountInsertsByWritersMigration = "article-count-inserts-counted-by-writers"

    /// Creates `article_count` (one row per source with articles: total, unread, starred), fills it from the
    /// articles, and adds the triggers.
    ///
    /// A removed source's row goes with it (cascade); its articles' delete triggers then find no row to
    /// update. A mark touches the counts only when it changes a mark, so writing a mark twice counts once.
    static func createArticleCounts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE article_count (
                sourceId TEXT PRIMARY KEY NOT NULL REFERENCES source(id) ON DELETE CASCADE,
                total INTEGER NOT NULL,
                unread INTEGER NOT NULL,
                starred INTEGER NOT NULL
            ) WITHOUT ROWID, STRICT;

            CREATE TRIGGER article_count_insert AFTER INSERT ON article BEGIN
                INSERT INTO article_count (sourceId, total, unread, starred)
                VALUES (new.sourceId, 1, new.isRead = 0, new.isStarred <> 0)
                ON CONFLICT (sourceId) DO UPDATE SET total = total + 1, unread = unread + excluded.unread,
                    starred = starred + excluded.starred;
            END;
            CREATE TRIGGER article_count_marks AFTER UPDATE OF isRead, isStarred ON article
            WHEN old.sourceId = new.sourceId
                AND ((old.isRead = 0) IS NOT (new.isRead = 0) OR (old.isStarred <> 0) IS NOT (new.isStarred <> 0))
            BEGIN
                UPDATE article_count SET unread = unread + (new.isRead = 0) - (old.isRead = 0),
                    starred = starred + (new.isStarred <> 0) - (old.isStarred <> 0)
                WHERE sourceId = new.sourceId;
            END;
            -- No writer moves an article to another source today; should one, its counts move with it.
            CREATE TRIGGER article_count_move AFTER UPDATE OF sourceId ON article
            WHEN old.sourceId IS NOT new.sourceId
            BEGIN
                UPDATE article_count SET total = total - 1, unread = unread - (old.isRead = 0),
                    starred = starred - (old.isStarred <> 0)
                WHERE sourceId = old.sourceId;
                INSERT INTO article_count (sourceId, total, unread, starred)
                VALUES (new.sourceId, 1, new.isRead = 0, new.isStarred <> 0)
                ON CONFLICT (sourceId) DO UPDATE SET total = total + 1, unread = unread + excluded.unread,
                    starred = starred + excluded.starred;
            END;
            CREATE TRIGGER article_count_delete AFTER DELETE ON article BEGIN
                UPDATE article_count SET total = total - 1, unread = unread - (old.isRead = 0),
                    starred = starred - (old.isStarred <> 0)
                WHERE sourceId = old.sourceId;
            END;
            """)
        // The column `isHidden` comes with a later migration (rules), which counts again.
        try recountArticles(db, weighingHidden: false, weighingDuplicates: false)
    }

    /// Drops the trigger that counted each inserted article: the merge adds the counts of a feed's new articles
    /// in one statement (``addInsertedCounts(visible:unread:starred:duplicates:sourceID:_:)``), and the bulk path counts everything once at the
    /// end. The trigger made every insert a statement that writes two tables, which SQLite must be able to undo
    /// halfway, so each insert copied every page it touched to a statement journal first: a third of the CPU
    /// of storing a new article. Marks, hiding, moves and removals keep their triggers (one row each, and any
    /// writer may make them).
    static func countInsertsByWriters(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER article_count_insert")
    }

    /// Adds the counts of new articles of one source to its row (hidden articles count nowhere, so `visible`
    /// and the visible ones among them are what is added; `duplicates` are the copies of stories stored
    /// before, among those), making the row when the source had none.
    static func addInsertedCounts(
        visible: Int, unread: Int, starred: Int, duplicates: StoryDuplicates = StoryDuplicates(), sourceID: String,
        _ db: Database
    ) throws {
        try db.cachedStatement(sql: """
            INSERT INTO article_count (sourceId, total, unread, starred, duplicates, unreadDuplicates, starredDuplicates)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (sourceId) DO UPDATE SET total = total + excluded.total,
                unread = unread + excluded.unread, starred = starred + excluded.starred,
                duplicates = duplicates + excluded.duplicates,
                unreadDuplicates = unreadDuplicates + excluded.unreadDuplicates,
                starredDuplicates = starredDuplicates + excluded.starredDuplicates
            """).execute(arguments: [
                sourceID, visible, unread, starred, duplicates.total, duplicates.unread, duplicates.starred,
            ])
    }

    /// Counts every source's articles again, replacing `article_count`: the migrations' fills, and the
    /// bulk path's after it inserted with the triggers suspended. Hidden articles count nowhere (see
    /// ``createRules(_:)``), duplicates count among their source's articles and again among its duplicates
    /// (see ``createStories(_:)``); `weighingHidden` and `weighingDuplicates` are false only before those
    /// columns exist.
    static func recountArticles(_ db: Database, weighingHidden: Bool = true, weighingDuplicates: Bool = true) throws {
        let visible = weighingHidden ? "isHidden = 0" : "1"
        guard weighingDuplicates else {
            try db.execute(sql: """
                DELETE FROM article_count;
                INSERT INTO article_count (sourceId, total, unread, starred)
                SELECT sourceId, sum(\(visible)), sum(isRead = 0 AND \(visible)), sum(isStarred <> 0 AND \(visible))
                FROM article GROUP BY sourceId;
                """)
            return
        }
        let duplicate = "isDuplicate <> 0 AND \(visible)"
        try db.execute(sql: """
            DELETE FROM article_count;
            INSERT INTO article_count (sourceId, total, unread, starred, duplicates, unreadDuplicates, starredDuplicates)
            SELECT sourceId, sum(\(visible)), sum(isRead = 0 AND \(visible)), sum(isStarred <> 0 AND \(visible)),
                sum(\(duplicate)), sum(isRead = 0 AND \(duplicate)), sum(isStarred <> 0 AND \(duplicate))
            FROM article GROUP BY sourceId;
            """)
    }
}
