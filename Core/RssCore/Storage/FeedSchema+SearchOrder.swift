import GRDB

/// The full-text index keyed in date order: each article is indexed under a key made of its date's whole
/// seconds, then its rowid, so that FTS5, which returns matches in key order, returns them newest (or oldest)
/// first. A search's first page then reads the first matches and stops, however many articles match, and
/// its count stops at a cap, instead of sorting every match by date.
///
/// `key = clamp(seconds, 0, 2³² − 1) << 31 | rowid`: two articles in the same second come in rowid order,
/// which the reads put back in exact date order (see `SearchWindow`); dates before 1970 or after 2106 share
/// the first or the last second. Rowids stay below 2³¹ (two billion articles stored over the file's life).
extension FeedSchema {
    /// The migration that re-keys the full-text index (named, not numbered: see ``setUserVersion(of:_:)``).
    static let searchInDateOrderMigration = "search-index-in-date-order"

    /// Bits of the key that hold the rowid.
    static let searchKeyRowidBits: Int64 = 31

    /// The SQL of the search key of the article row named `row` (`new`, `old`, `article`).
    static func searchKey(_ row: String) -> String {
        "(\(searchKeySeconds(row)) << \(searchKeyRowidBits) | \(row).rowid)"
    }

    /// The SQL of the whole seconds in the search key of the article row named `row`, or of the row an
    /// index is made of when nil (an index's expressions name their columns alone).
    static func searchKeySeconds(_ row: String?) -> String {
        "max(0, min(4294967295, CAST(\(row.map { "\($0)." } ?? "")sortDate AS INTEGER)))"
    }

    /// The rowid a search key stands for.
    static func rowid(searchKey: Int64) -> Int64 { searchKey & ((1 << searchKeyRowidBits) - 1) }

    /// The whole second of a search key.
    static func second(searchKey: Int64) -> Int64 { searchKey >> searchKeyRowidBits }

    /// The SQL of the rowid of the article a search key in column `key` stands for.
    static func rowidSQL(searchKey key: String) -> String {
        "(\(key) & \((Int64(1) << searchKeyRowidBits) - 1))"
    }

    /// Rebuilds the index under date keys, without per-article sizes (`columnsize=0`: nothing ranks by
    /// them, and storing an article then writes one row less); the triggers follow a date change too.
    static func createSearchInDateOrder(_ db: Database) throws {
        let text = SearchText.functionName
        try db.execute(sql: """
            DROP TRIGGER article_search_update;
            DROP TRIGGER article_search_delete;
            DROP TABLE article_search;
            DROP VIEW article_search_source;

            CREATE VIEW article_search_source AS
                SELECT \(searchKey("article")) AS rowid, title, \(text)(summary, contentHTML) AS body
                FROM article;

            CREATE VIRTUAL TABLE article_search USING fts5(
                title, body,
                content = 'article_search_source', content_rowid = 'rowid', columnsize = 0,
                tokenize = 'unicode61 remove_diacritics 2'
            );

            CREATE TRIGGER article_search_delete AFTER DELETE ON article BEGIN
                INSERT INTO article_search(article_search, rowid, title, body)
                VALUES ('delete', \(searchKey("old")), old.title, \(text)(old.summary, old.contentHTML));
            END;
            CREATE TRIGGER article_search_update AFTER UPDATE OF title, summary, contentHTML, sortDate ON article BEGIN
                INSERT INTO article_search(article_search, rowid, title, body)
                VALUES ('delete', \(searchKey("old")), old.title, \(text)(old.summary, old.contentHTML));
                INSERT INTO article_search(rowid, title, body)
                VALUES (\(searchKey("new")), new.title, \(text)(new.summary, new.contentHTML));
            END;
            """)
        // The article's text as this migration knew it (the full text came later, in its own migration).
        try reindexSearch(db, body: "\(text)(summary, contentHTML)")
    }

    /// Indexes every article again, in key order: FTS5 writes out what it holds whenever a key comes lower
    /// than the one before, so that an index fed in storage order (its `rebuild`), where a feed's newest items
    /// come first, would be written out once per article. Then merges the index into one segment, which
    /// makes it the fastest to read.
    /// `body` is the SQL of the indexed text of the row (the current schema's, ``searchBody(_:)``, by default).
    static func reindexSearch(_ db: Database, body: String = searchBody("article")) throws {
        try db.execute(sql: """
            INSERT INTO article_search(article_search) VALUES ('delete-all');
            INSERT INTO article_search(rowid, title, body)
            SELECT \(searchKey("article")), title, \(body)
            FROM article ORDER BY sortDate, rowid;
            INSERT INTO article_search(article_search) VALUES ('optimize');
            """)
    }
}
