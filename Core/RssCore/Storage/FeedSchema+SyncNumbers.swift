import GRDB

extension FeedSchema {
    /// The migration that gives sources and tags numbers of their own, keeps article numbers from being given
    /// again, and records when an article last changed (named, not numbered: see ``setUserVersion(of:_:)``).
    static let syncNumbersMigration = "sync-numbers-tags-changes"

    /// What sync clients need from the library: each names sources, folders and articles by number and asks
    /// "what changed since", so numbers must never be given to something else and changes must be dated.
    ///
    /// - `source_number`: a number for each source, never given again (AUTOINCREMENT keeps the highest ever
    ///   given in `sqlite_sequence`); a trigger numbers every source inserted, whoever inserts it, and the
    ///   row goes with its source. Existing sources are numbered in the order they were added.
    /// - `tag`: every tag a source was filed under, and every tag made on its own (`isKept`, which exists
    ///   without sources until it is deleted), each with a number kept across renames.
    /// - `counter`: the highest article number ever removed. Article numbers are rowids, which SQLite would
    ///   give again after the highest rows were deleted (a source removed, retention): the merge starts above
    ///   it (``FeedDatabase/firstFreeArticleNumber(_:)``), so that a client holding a removed article's number
    ///   never mistakes a new article for it, nor marks it read with "everything up to N".
    /// - `article.changedAt`: when the article last changed for a sync client (its marks, or its text by a
    ///   re-fetch); NULL until then, read as its first-seen time.
    static func createSyncNumbers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE source_number (
                number INTEGER PRIMARY KEY AUTOINCREMENT,
                sourceId TEXT NOT NULL UNIQUE REFERENCES source(id) ON DELETE CASCADE
            );
            INSERT INTO source_number (sourceId) SELECT id FROM source ORDER BY addedAt, rowid;
            CREATE TRIGGER source_number_insert AFTER INSERT ON source BEGIN
                INSERT INTO source_number (sourceId) VALUES (new.id);
            END;

            CREATE TABLE tag (
                number INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL UNIQUE,
                isKept INTEGER NOT NULL DEFAULT 0
            );

            CREATE TABLE counter (
                name TEXT PRIMARY KEY NOT NULL,
                value INTEGER NOT NULL
            ) STRICT;
            INSERT INTO counter (name, value) VALUES ('\(articleNumberCounter)', 0);
            CREATE TRIGGER article_number_removed AFTER DELETE ON article
            WHEN old.rowid > (SELECT value FROM counter WHERE name = '\(articleNumberCounter)') BEGIN
                UPDATE counter SET value = old.rowid WHERE name = '\(articleNumberCounter)';
            END;

            ALTER TABLE article ADD COLUMN changedAt REAL;
            """)
        let tags = try String.fetchAll(db, sql: "SELECT tags FROM source ORDER BY addedAt, rowid")
            .flatMap { [String](lines: $0) }
        try FeedDatabase.registerTags(tags, db)
    }

    /// The `counter` row of the highest article number removed.
    static let articleNumberCounter = "articleNumberRemoved"
}

extension FeedSchema {
    /// The migration that keeps each source's ``AddressPolicy``.
    static let sourceAddressPolicyMigration = "source-address-policy"

    /// `source.addressPolicy`: NULL for the owner's sources (every scheme and address), else the JSON of the
    /// policy a server added the source under.
    static func createSourceAddressPolicy(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE source ADD COLUMN addressPolicy TEXT")
    }
}
