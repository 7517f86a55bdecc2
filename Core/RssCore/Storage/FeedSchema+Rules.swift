import GRDB

extension FeedSchema {
    /// Version 5: rules and saved queries, and hidden articles.
    ///
    /// `isHidden` joins the end of each list index, so that a list or count leaving hidden articles out still
    /// reads its index alone (the column is read from the index, not from the row); a partial index holds the
    /// few hidden articles, which a search count takes out of the full-text index's count. A rule's or
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
            CREATE INDEX article_by_date ON article(sortDate, isHidden);
            CREATE INDEX article_unread_by_date ON article(isRead, sortDate, isHidden);
            CREATE INDEX article_starred_by_date ON article(isStarred, sortDate, isHidden);
            CREATE INDEX article_source_by_date ON article(sourceId, sortDate, isHidden);
            CREATE INDEX article_source_unread_by_date ON article(sourceId, isRead, sortDate, isHidden);
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
