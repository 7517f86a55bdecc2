import GRDB

extension FeedSchema {
    /// The migration that adds rules, saved queries and hidden articles (named, not numbered: see
    /// ``setUserVersion(of:_:)``).
    static let rulesMigration = "rules-saved-queries-hidden-articles"

    /// Rules and saved queries, and hidden articles.
    ///
    /// `isHidden` joins each list index just before `sortDate`: every list and count leaves hidden articles out
    /// (`isHidden = 0`), so it seeks that part of its index and still walks it in date order (and storage
    /// order among equal dates: the rowid ends every index), reading the index alone for a count. A partial
    /// index holds the few hidden articles, which a search count takes out of the full-text index's count. A rule's or
    /// query's `key` is its name case folded (as Swift folds it: SQLite's NOCASE knows ASCII only); a rule
    /// for one source goes with the source.
    ///
    /// The count triggers (``createArticleCounts(_:)``) are made again so that a hidden article counts
    /// nowhere: hiding one takes it out of its source's total and unread counts, in the same statement.
    static func createRules(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE article ADD COLUMN isHidden INTEGER NOT NULL DEFAULT 0;

            DROP INDEX article_by_date;
            DROP INDEX article_unread_by_date;
            DROP INDEX article_starred_by_date;
            DROP INDEX article_source_by_date;
            DROP INDEX article_source_unread_by_date;
            CREATE INDEX article_by_date ON article(isHidden, sortDate);
            CREATE INDEX article_unread_by_date ON article(isRead, isHidden, sortDate);
            CREATE INDEX article_starred_by_date ON article(isStarred, isHidden, sortDate);
            CREATE INDEX article_source_by_date ON article(sourceId, isHidden, sortDate);
            CREATE INDEX article_source_unread_by_date ON article(sourceId, isRead, isHidden, sortDate);
            CREATE INDEX article_hidden ON article(isHidden) WHERE isHidden = 1;

            CREATE TABLE rule (
                key TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                filter TEXT NOT NULL,
                action TEXT NOT NULL,
                sourceId TEXT REFERENCES source(id) ON DELETE CASCADE,
                tag TEXT
            ) STRICT;

            CREATE TABLE saved_query (
                key TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                filter TEXT NOT NULL
            ) STRICT;

            DROP TRIGGER article_count_insert;
            DROP TRIGGER article_count_marks;
            DROP TRIGGER article_count_move;
            DROP TRIGGER article_count_delete;
            CREATE TRIGGER article_count_insert AFTER INSERT ON article BEGIN
                INSERT INTO article_count (sourceId, total, unread, starred)
                VALUES (new.sourceId, new.isHidden = 0, new.isRead = 0 AND new.isHidden = 0,
                    new.isStarred <> 0 AND new.isHidden = 0)
                ON CONFLICT (sourceId) DO UPDATE SET total = total + excluded.total,
                    unread = unread + excluded.unread, starred = starred + excluded.starred;
            END;
            CREATE TRIGGER article_count_marks AFTER UPDATE OF isRead, isStarred, isHidden ON article
            WHEN old.sourceId = new.sourceId
                AND ((old.isRead = 0) IS NOT (new.isRead = 0) OR (old.isStarred <> 0) IS NOT (new.isStarred <> 0)
                    OR (old.isHidden = 0) IS NOT (new.isHidden = 0))
            BEGIN
                UPDATE article_count SET total = total + (new.isHidden = 0) - (old.isHidden = 0),
                    unread = unread + (new.isRead = 0 AND new.isHidden = 0) - (old.isRead = 0 AND old.isHidden = 0),
                    starred = starred + (new.isStarred <> 0 AND new.isHidden = 0) - (old.isStarred <> 0 AND old.isHidden = 0)
                WHERE sourceId = new.sourceId;
            END;
            CREATE TRIGGER article_count_move AFTER UPDATE OF sourceId ON article
            WHEN old.sourceId IS NOT new.sourceId
            BEGIN
                UPDATE article_count SET total = total - (old.isHidden = 0),
                    unread = unread - (old.isRead = 0 AND old.isHidden = 0),
                    starred = starred - (old.isStarred <> 0 AND old.isHidden = 0)
                WHERE sourceId = old.sourceId;
                INSERT INTO article_count (sourceId, total, unread, starred)
                VALUES (new.sourceId, new.isHidden = 0, new.isRead = 0 AND new.isHidden = 0,
                    new.isStarred <> 0 AND new.isHidden = 0)
                ON CONFLICT (sourceId) DO UPDATE SET total = total + excluded.total,
                    unread = unread + excluded.unread, starred = starred + excluded.starred;
            END;
            CREATE TRIGGER article_count_delete AFTER DELETE ON article BEGIN
                UPDATE article_count SET total = total - (old.isHidden = 0),
                    unread = unread - (old.isRead = 0 AND old.isHidden = 0),
                    starred = starred - (old.isStarred <> 0 AND old.isHidden = 0)
                WHERE sourceId = old.sourceId;
            END;
            """)
        try recountArticles(db, weighingDuplicates: false)
    }
}
