import GRDB

extension FeedSchema {
    /// Version 5: rules and saved queries, and hidden articles.
    ///
    /// `isHidden` joins each list index just before `sortDate`: every list and count leaves hidden articles out
    /// (`isHidden = 0`), so it seeks that part of its index and still walks it in date order (and storage
    /// order among equal dates: the rowid ends every index), reading the index alone for a count. A partial
    /// index holds the few hidden articles, which a search count takes out of the full-text index's count. A rule's or
    /// query's `key` is its name case folded (as Swift folds it: SQLite's NOCASE knows ASCII only); a rule
    /// for one source goes with the source.
    static func createVersion5(_ db: Database) throws {
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
            """)
    }
}
