import GRDB

/// The database schema, as an ordered list of migrations run by GRDB's `DatabaseMigrator`.
///
/// Migrations are frozen once released: a change of schema is a new migration appended to `migrator`, never an
/// edit of an old one. Each migration also sets `PRAGMA user_version` to its position, so the version can be read
/// with any SQLite tool, and a program meeting a version above `currentVersion` refuses the file instead of
/// damaging it.
enum FeedSchema {
    /// Identifiers of the migrations, in order; the schema version is the count of those applied.
    static let migrationIdentifiers = [
        "v1-sources-articles-settings-fts", "v2-search-plain-text", "v3-categories-typed-fetch-errors",
        "v4-source-scheduling", sourceCustomTitleMigration, articleCountsMigration, searchInDateOrderMigration,
        rulesMigration, articleCountInsertsByWritersMigration, syncNumbersMigration,
        sourceAddressPolicyMigration, storiesMigration, fullTextMigration, sourceIconMigration,
    ]
    /// The migration that adds the icon a feed declares.
    static let sourceIconMigration = "source-icon"

    /// The migration that adds the user's own name for a source.
    static let sourceCustomTitleMigration = "source-custom-title"

    /// The version this program writes.
    static var currentVersion: Int { migrationIdentifiers.count }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(migrationIdentifiers[0]) { db in
            try createVersion1(db)
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        migrator.registerMigration(migrationIdentifiers[1]) { db in
            try createVersion2(db)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        migrator.registerMigration(migrationIdentifiers[2]) { db in
            try createVersion3(db)
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        migrator.registerMigration(migrationIdentifiers[3]) { db in
            try createVersion4(db)
            try db.execute(sql: "PRAGMA user_version = 4")
        }
        migrator.registerMigration(sourceCustomTitleMigration) { db in
            // The user's name for a source (RenameSource), kept apart from the feed's own title.
            try db.execute(sql: "ALTER TABLE source ADD COLUMN customTitle TEXT")
            try setUserVersion(of: sourceCustomTitleMigration, db)
        }
        migrator.registerMigration(articleCountsMigration) { db in
            try createArticleCounts(db)
            try setUserVersion(of: articleCountsMigration, db)
        }
        migrator.registerMigration(searchInDateOrderMigration) { db in
            try createSearchInDateOrder(db)
            try setUserVersion(of: searchInDateOrderMigration, db)
        }
        migrator.registerMigration(rulesMigration) { db in
            try createRules(db)
            try setUserVersion(of: rulesMigration, db)
        }
        migrator.registerMigration(articleCountInsertsByWritersMigration) { db in
            try countInsertsByWriters(db)
            try setUserVersion(of: articleCountInsertsByWritersMigration, db)
        }
        migrator.registerMigration(syncNumbersMigration) { db in
            try createSyncNumbers(db)
            try setUserVersion(of: syncNumbersMigration, db)
        }
        migrator.registerMigration(sourceAddressPolicyMigration) { db in
            try createSourceAddressPolicy(db)
            try setUserVersion(of: sourceAddressPolicyMigration, db)
        }
        migrator.registerMigration(storiesMigration) { db in
            try createStories(db)
            try setUserVersion(of: storiesMigration, db)
        }
        migrator.registerMigration(fullTextMigration) { db in
            try createFullText(db)
            try setUserVersion(of: fullTextMigration, db)
        }
        migrator.registerMigration(sourceIconMigration) { db in
            // The icon or logo the feed declares (Atom icon and logo, RSS image, JSON Feed icon and favicon).
            try db.execute(sql: "ALTER TABLE source ADD COLUMN iconURL TEXT")
            try setUserVersion(of: sourceIconMigration, db)
        }
        return migrator
    }

    /// Sets `PRAGMA user_version` to the position of the migration `identifier` (from 1), so that a migration
    /// moved in the list when branches are merged needs no other change.
    static func setUserVersion(of identifier: String, _ db: Database) throws {
        guard let index = migrationIdentifiers.firstIndex(of: identifier) else { return }
        try db.execute(sql: "PRAGMA user_version = \(index + 1)")
    }

    /// Brings `writer` to `currentVersion`.
    ///
    /// Two processes opening a new file at the same moment both see "nothing applied"; the second one's
    /// migration then waits for the first (immediate transactions, busy timeout) and fails on tables that now
    /// exist. So on failure we look again: if another process completed the migrations, all is well; otherwise
    /// we retry a bounded number of times, each time starting from what is now applied.
    ///
    /// Returns whether this call created the schema in a file that had none: the database is new. When
    /// another process created it meanwhile, the answer is false, so one first run happens, not two.
    @discardableResult
    static func migrate(_ writer: any DatabaseWriter, path: String) throws(DatabaseProblem) -> Bool {
        let migrator = migrator
        var attempts = 0
        while true {
            let found: Int
            do {
                found = try writer.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            } catch {
                // The first read of the file: a file that is not a database fails here.
                throw DatabaseProblem(path: path, operation: .open, failure: DatabaseFailure(error))
            }
            if found > currentVersion {
                throw DatabaseProblem(
                    path: path, operation: .open, failure: .newerSchema(found: found, supported: currentVersion))
            }
            do {
                try migrator.migrate(writer)
                return found == 0 && attempts == 0
            } catch {
                attempts += 1
                // Read failing too means the file is unusable: the migration's own error says why.
                let completed = (try? writer.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
                if completed { return false }
                let failure = DatabaseFailure(error)
                if attempts >= 5 || failure != .busy && failure != .constraint && !isRaceWithAnotherMigration(error) {
                    throw DatabaseProblem(path: path, operation: found == 0 ? .open : .upgrade, failure: failure)
                }
            }
        }
    }

    /// Whether a failed migration may be another process migrating the same new file at the same moment
    /// (our `CREATE TABLE` meeting the table it just made): worth looking again rather than failing.
    private static func isRaceWithAnotherMigration(_ error: any Error) -> Bool {
        guard let databaseError = error as? DatabaseError else { return false }
        return databaseError.resultCode == .SQLITE_ERROR && (databaseError.message ?? "").contains("already exists")
    }

    /// Version 1: sources, articles (with the indexes the list windows use), settings, the FTS5 index and the
    /// triggers that keep it in sync, and tombstones for articles removed by retention.
    private static func createVersion1(_ db: Database) throws {
        // Dates are REAL seconds since 1970: compact, and sorted and compared as numbers by the indexes.
        try db.execute(sql: """
            CREATE TABLE source (
                id TEXT PRIMARY KEY NOT NULL,
                url TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL DEFAULT '',
                siteLink TEXT,
                tags TEXT NOT NULL DEFAULT '',
                isEnabled INTEGER NOT NULL DEFAULT 1,
                addedAt REAL NOT NULL,
                sortOrder INTEGER NOT NULL DEFAULT 0,
                etag TEXT,
                lastModified TEXT,
                lastSuccessAt REAL,
                lastErrorStage TEXT,
                lastErrorMessage TEXT,
                lastErrorAt REAL,
                nextAttemptAt REAL
            ) STRICT;

            -- rowid is an explicit integer key: the FTS index refers to it, and it breaks ties in date order.
            -- sortDate = coalesce(publishedAt, updatedAt, firstSeenAt): the one column the lists sort on.
            CREATE TABLE article (
                rowid INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                sourceId TEXT NOT NULL REFERENCES source(id) ON DELETE CASCADE,
                stableId TEXT NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                link TEXT,
                author TEXT,
                publishedAt REAL,
                updatedAt REAL,
                summary TEXT,
                contentHTML TEXT,
                enclosureURL TEXT,
                enclosureType TEXT,
                firstSeenAt REAL NOT NULL,
                sortDate REAL NOT NULL,
                isRead INTEGER NOT NULL DEFAULT 0,
                isStarred INTEGER NOT NULL DEFAULT 0,
                UNIQUE (sourceId, stableId)
            ) STRICT;

            CREATE INDEX article_by_date ON article(sortDate);
            CREATE INDEX article_unread_by_date ON article(isRead, sortDate);
            CREATE INDEX article_starred_by_date ON article(isStarred, sortDate);
            CREATE INDEX article_source_by_date ON article(sourceId, sortDate);
            CREATE INDEX article_source_unread_by_date ON article(sourceId, isRead, sortDate);

            -- Articles removed by retention, so that the next fetch of a feed still listing them does not bring
            -- them back as new. Pruned at each merge to the ids the feed still lists.
            CREATE TABLE article_tombstone (
                sourceId TEXT NOT NULL REFERENCES source(id) ON DELETE CASCADE,
                stableId TEXT NOT NULL,
                PRIMARY KEY (sourceId, stableId)
            ) WITHOUT ROWID, STRICT;

            CREATE TABLE setting (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) STRICT;

            CREATE VIRTUAL TABLE article_fts USING fts5(
                title, summary, contentHTML,
                content = 'article', content_rowid = 'rowid',
                tokenize = 'unicode61 remove_diacritics 2'
            );

            CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN
                INSERT INTO article_fts(rowid, title, summary, contentHTML)
                VALUES (new.rowid, new.title, new.summary, new.contentHTML);
            END;
            CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN
                INSERT INTO article_fts(article_fts, rowid, title, summary, contentHTML)
                VALUES ('delete', old.rowid, old.title, old.summary, old.contentHTML);
            END;
            -- Only text changes touch the index: marking read or starred stays a one-row update.
            CREATE TRIGGER article_fts_update AFTER UPDATE OF title, summary, contentHTML ON article BEGIN
                INSERT INTO article_fts(article_fts, rowid, title, summary, contentHTML)
                VALUES ('delete', old.rowid, old.title, old.summary, old.contentHTML);
                INSERT INTO article_fts(rowid, title, summary, contentHTML)
                VALUES (new.rowid, new.title, new.summary, new.contentHTML);
            END;
            """)
    }

    /// Version 2: the search index holds plain text (version 1 indexed the HTML, so "div" matched every article
    /// with markup), read through a view that strips the markup with ``SearchText``. New articles are indexed
    /// by the merge, one statement per fetch: an insert trigger would run per row, and FTS5 writes its pending
    /// terms out at each such statement, which made a refresh write ten times the pages it needed.
    static func createVersion2(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER article_fts_insert;
            DROP TRIGGER article_fts_update;
            DROP TRIGGER article_fts_delete;
            DROP TABLE article_fts;

            CREATE VIEW article_search_source AS
                SELECT article.rowid AS rowid, title, \(SearchText.functionName)(summary, contentHTML) AS body
                FROM article;

            CREATE VIRTUAL TABLE article_search USING fts5(
                title, body,
                content = 'article_search_source', content_rowid = 'rowid',
                tokenize = 'unicode61 remove_diacritics 2'
            );

            CREATE TRIGGER article_search_delete AFTER DELETE ON article BEGIN
                INSERT INTO article_search(article_search, rowid, title, body)
                VALUES ('delete', old.rowid, old.title, \(SearchText.functionName)(old.summary, old.contentHTML));
            END;
            -- A re-fetch that changes an article's text is rare: a trigger is simplest there.
            CREATE TRIGGER article_search_update AFTER UPDATE OF title, summary, contentHTML ON article BEGIN
                INSERT INTO article_search(article_search, rowid, title, body)
                VALUES ('delete', old.rowid, old.title, \(SearchText.functionName)(old.summary, old.contentHTML));
                INSERT INTO article_search(rowid, title, body)
                VALUES (new.rowid, new.title, \(SearchText.functionName)(new.summary, new.contentHTML));
            END;

            INSERT INTO article_search(article_search) VALUES ('rebuild');
            """)
    }

    /// Version 3: an article's categories (sfeed's TSV and the query API carry them), and a source's last
    /// fetch error as a typed value (JSON of ``FetchError``) instead of a stage and a message in English;
    /// errors stored before keep their stage and message, read back as well as they can be.
    static func createVersion3(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE article ADD COLUMN categories TEXT;
            ALTER TABLE source ADD COLUMN lastErrorDetail TEXT;
            """)
    }

    /// Indexes the articles with rowids in `rowids` (new ones: the merge inserts without a trigger), under
    /// their search keys (see ``searchKey(_:)``), in key order (see ``reindexSearch(_:body:)``).
    static func indexArticles(rowids: ClosedRange<Int64>, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO article_search(rowid, title, body)
            SELECT \(searchKey("article")), title, \(searchBody("article"))
            FROM article WHERE rowid BETWEEN ? AND ? ORDER BY sortDate, rowid
            """).execute(arguments: [rowids.lowerBound, rowids.upperBound])
    }
}
