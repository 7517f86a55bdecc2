import GRDB

/// Stories: the copies of one story stored from several sources, linked so that the lists show it once (see
/// ``StoryLinking`` and `docs/storage.md`, "One story, shown once").
///
/// - `article.linkKey`, `article.titleKey`: the keys of the article's normalised link and title
///   (``StorySignature``), each in a partial index with the source (articles without a link or a title have
///   none), by which the merge finds a new article's candidates; `originLink` is the feed's address of the original when it
///   gives one (`feedburner:origLink`), which the link key is made of instead of the link.
/// - `article.story`: the rowid of the first article stored of the story, on every copy (the first's own
///   rowid on the first); NULL for an article no other source carries. A removed first leaves its number as
///   the story's name.
/// - `article.isDuplicate`: 1 on every visible copy but the first visible one, the story's representative;
///   0 on a hidden one. A list of several sources leaves duplicates out, a list of one source shows them all.
///   The merge sets it on the copies it stores (they come last); triggers elect the next representative
///   when the representative is removed or hidden, or when a hidden copy comes back.
/// - `article_count.duplicates`, `unreadDuplicates`, `starredDuplicates`: each source's duplicates, kept with
///   its other counts by the same triggers (the merge adds its own), so that the totals count a story once:
///   a source's own counts include its copies, the sums over every source take the duplicates away.
///
/// Articles stored before this migration have no keys: they are never linked, and a copy of one stored later
/// shows as before. Linking them would make the migration read and normalise every article (seconds at a
/// million), for stories that are days old and mostly read.
extension FeedSchema {
    /// The migration that adds stories (named, not numbered: see ``setUserVersion(of:_:)``).
    static let storiesMigration = "stories-shown-once"

    /// The index of ``unsearched`` articles, which searches name (`INDEXED BY`): the planner would read the
    /// article table by rowid instead, a page read per match where the index holds a few pages in all.
    static let unsearchedIndex = "article_unsearched"

    /// The articles a search of every source leaves out: hidden ones and duplicates.
    static let unsearched = "(isHidden <> 0 OR isDuplicate <> 0)"

    /// Adds the columns, indexes and triggers; the counts' new columns start at 0, which is exact since no
    /// article is linked yet.
    static func createStories(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE article ADD COLUMN originLink TEXT;
            ALTER TABLE article ADD COLUMN linkKey INTEGER;
            ALTER TABLE article ADD COLUMN titleKey INTEGER;
            ALTER TABLE article ADD COLUMN story INTEGER;
            ALTER TABLE article ADD COLUMN isDuplicate INTEGER NOT NULL DEFAULT 0;
            -- The source in both key indexes: the merge tells from the index alone which sources hold a key, so
            -- that a key many articles share (a feed giving every item one address) costs no row reads.
            CREATE INDEX article_link_key ON article(linkKey, sourceId) WHERE linkKey IS NOT NULL;
            CREATE INDEX article_title_key ON article(titleKey, sortDate, sourceId) WHERE titleKey IS NOT NULL;
            CREATE INDEX article_story ON article(story) WHERE story IS NOT NULL;
            -- Every duplicate with what a list of several sources, a search and their counts ask of it: the few
            -- duplicates are read from it whole, never from the article table.
            CREATE INDEX article_duplicate ON article(sourceId, story, sortDate, isRead, isStarred)
                WHERE isDuplicate = 1;
            -- The articles a search of every source leaves out, by their search keys' seconds (and rowid, as
            -- every index ends): each match is looked up in it, so that a search costs what its matches cost
            -- however many duplicates the library holds (see ArticleSQL.notShownInSearch).
            CREATE INDEX \(unsearchedIndex) ON article(\(searchKeySeconds(nil)))
                WHERE \(unsearched);

            ALTER TABLE article_count ADD COLUMN duplicates INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE article_count ADD COLUMN unreadDuplicates INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE article_count ADD COLUMN starredDuplicates INTEGER NOT NULL DEFAULT 0;

            DROP TRIGGER article_count_marks;
            DROP TRIGGER article_count_move;
            DROP TRIGGER article_count_delete;
            CREATE TRIGGER article_count_marks AFTER UPDATE OF isRead, isStarred, isHidden, isDuplicate ON article
            WHEN old.sourceId = new.sourceId
                AND ((old.isRead = 0) IS NOT (new.isRead = 0) OR (old.isStarred <> 0) IS NOT (new.isStarred <> 0)
                    OR (old.isHidden = 0) IS NOT (new.isHidden = 0)
                    OR (old.isDuplicate <> 0) IS NOT (new.isDuplicate <> 0))
            BEGIN
                UPDATE article_count SET \(countChanges(adding: "new", removing: "old"))
                WHERE sourceId = new.sourceId;
            END;
            -- No writer moves an article to another source today; should one, its counts move with it.
            CREATE TRIGGER article_count_move AFTER UPDATE OF sourceId ON article
            WHEN old.sourceId IS NOT new.sourceId
            BEGIN
                UPDATE article_count SET \(countChanges(adding: nil, removing: "old"))
                WHERE sourceId = old.sourceId;
                INSERT INTO article_count (sourceId, total, unread, starred, duplicates, unreadDuplicates,
                    starredDuplicates)
                VALUES (new.sourceId, \(countValues("new")))
                ON CONFLICT (sourceId) DO UPDATE SET total = total + excluded.total,
                    unread = unread + excluded.unread, starred = starred + excluded.starred,
                    duplicates = duplicates + excluded.duplicates,
                    unreadDuplicates = unreadDuplicates + excluded.unreadDuplicates,
                    starredDuplicates = starredDuplicates + excluded.starredDuplicates;
            END;
            CREATE TRIGGER article_count_delete AFTER DELETE ON article BEGIN
                UPDATE article_count SET \(countChanges(adding: nil, removing: "old"))
                WHERE sourceId = old.sourceId;
            END;

            -- The representative removed: the next visible copy takes its place.
            CREATE TRIGGER article_story_delete AFTER DELETE ON article
            WHEN old.story IS NOT NULL AND old.isDuplicate = 0 AND old.isHidden = 0
            BEGIN
                \(electRepresentative(story: "old.story"))
            END;
            -- A copy hidden (a rule) or shown again: the story's first visible copy is its representative.
            CREATE TRIGGER article_story_hidden AFTER UPDATE OF isHidden ON article
            WHEN new.story IS NOT NULL AND (old.isHidden = 0) IS NOT (new.isHidden = 0)
            BEGIN
                \(electRepresentative(story: "new.story"))
            END;
            """)
    }

    /// The counts an article row (`new`, `old`) adds to its source's row, in the order of `article_count`'s
    /// columns from `total`: hidden articles count nowhere, duplicates count among their source's articles
    /// and again among its duplicates.
    private static func countTerms(_ row: String) -> [String] {
        let visible = "\(row).isHidden = 0"
        let duplicate = "\(row).isDuplicate <> 0 AND \(visible)"
        return [
            visible, "\(row).isRead = 0 AND \(visible)", "\(row).isStarred <> 0 AND \(visible)", duplicate,
            "\(row).isRead = 0 AND \(duplicate)", "\(row).isStarred <> 0 AND \(duplicate)",
        ]
    }

    /// ``countTerms(_:)`` as the values of an `INSERT`.
    private static func countValues(_ row: String) -> String {
        countTerms(row).map { "(\($0))" }.joined(separator: ", ")
    }

    /// The `SET` clause that adds what the row `adding` counts and takes away what `removing` counted.
    private static func countChanges(adding: String?, removing: String) -> String {
        let columns = ["total", "unread", "starred", "duplicates", "unreadDuplicates", "starredDuplicates"]
        let added = adding.map(countTerms)
        let removed = countTerms(removing)
        return columns.indices.map { index in
            let plus = added.map { " + (\($0[index]))" } ?? ""
            return "\(columns[index]) = \(columns[index])\(plus) - (\(removed[index]))"
        }.joined(separator: ", ")
    }

    /// The statement that makes the first visible copy of `story` its representative and every other visible
    /// copy a duplicate (a hidden copy is neither), changing only the rows whose mark is wrong.
    private static func electRepresentative(story: String) -> String {
        let expected = """
            (isHidden = 0 AND coalesce(rowid > (SELECT min(first.rowid) FROM article AS first
                WHERE first.story = \(story) AND first.isHidden = 0), 0))
            """
        return "UPDATE article SET isDuplicate = \(expected) WHERE story = \(story) AND isDuplicate IS NOT \(expected);"
    }
}

extension FeedSchema {
    /// Every source's duplicates added up: a write whose triggers may elect representatives (a removal, a rule
    /// hiding articles) reads it before and after, and the difference is how it changed them.
    static func duplicateCounts(_ db: Database) throws -> StoryDuplicates {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT coalesce(sum(duplicates), 0), coalesce(sum(unreadDuplicates), 0),
                    coalesce(sum(starredDuplicates), 0)
                FROM article_count
                """))
        return StoryDuplicates(total: row?[0] ?? 0, unread: row?[1] ?? 0, starred: row?[2] ?? 0)
    }
}
