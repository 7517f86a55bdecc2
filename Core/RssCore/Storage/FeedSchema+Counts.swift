import GRDB

/// The article counts, kept per source in `article_count` by triggers on `article`, in the transaction of
/// every change: reading the counts (the prompt, a list's total, a start) costs one row per source instead of
/// scans of a million articles, and no writer can forget them (a merge, a mark, retention, another process).
extension FeedSchema {
    /// The migration that adds the maintained counts (named, not numbered: see ``setUserVersion(of:_:)``).
    static let articleCountsMigration = "article-counts-maintained-by-triggers"

    /// The trigger that counts inserted articles, which the bulk path suspends (then
    /// ``recountArticles(_:weighingHidden:)``).
    static let articleCountInsertTrigger = "article_count_insert"

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
        try recountArticles(db, weighingHidden: false)
    }

    /// Counts every source's articles again, replacing `article_count`: the migrations' fills, and the
    /// bulk path's after it inserted with the triggers suspended. Hidden articles count nowhere (see
    /// ``createRules(_:)``); `weighingHidden` is false only before the column exists.
    static func recountArticles(_ db: Database, weighingHidden: Bool = true) throws {
        let visible = weighingHidden ? "isHidden = 0" : "1"
        try db.execute(sql: """
            DELETE FROM article_count;
            INSERT INTO article_count (sourceId, total, unread, starred)
            SELECT sourceId, sum(\(visible)), sum(isRead = 0 AND \(visible)), sum(isStarred <> 0 AND \(visible))
            FROM article GROUP BY sourceId;
            """)
    }
}
