import GRDB

/// Full text: a source's choice to have its articles' pages fetched, and per article the text extracted from
/// its page, with what the fetch left (see `docs/storage.md`, "Full text").
///
/// - `source.fullText`: 1 when the source's new articles get their pages' text after each refresh.
/// - `article.fullTextHTML`: the article as extracted from its page (the extractor's safe HTML), the last
///   column, so that reading the columns before it never walks its overflow pages.
/// - `article.fullTextAt`: when that text was fetched, or last confirmed unchanged (a 304).
/// - `article.fullTextETag`, `fullTextLastModified`: the page's validators, for a conditional GET.
/// - `article.fullTextCheckedAt`: when the article was last considered: fetched, failed, or left because its
///   feed carries it whole. NULL: never; such an article of a full-text source is a candidate.
/// - `article.fullTextProblem`: JSON of the last attempt's ``FullTextProblem``, NULL after a success.
/// - `article.fullTextRetryAt`: when an automatic fetch may (again) fetch the page: set when a full-text source
///   stores a new article (due at once) and after a problem that may pass (a day later); NULL otherwise, after
///   a success or a lasting problem (only a fetch someone asks for tries again). In a partial index with the
///   source (`article_full_text_due`), which holds only the articles waiting.
/// - `article.pageFilled`: which of the article's empty fields the page's metadata filled (``PageFill``), so
///   that a later fetch of the feed, which still lacks them, keeps them.
///
/// The search index's text of an article becomes its summary, content and full text
/// (``searchBody(_:)``): the same as before for every article without full text, so the index needs no
/// rebuild; the view it reads and its triggers are made again with the third part, and an article whose full
/// text is stored or changed is indexed again by the update trigger, like a re-fetch that changes its text.
extension FeedSchema {
    /// The migration that adds full text (named, not numbered: see ``setUserVersion(of:_:)``).
    static let fullTextMigration = "full-text"

    /// The SQL of an article row's indexed text (`row`: `new`, `old`, `article`): its summary, content and full
    /// text as plain text, one space between them (none beside a NULL or empty part), so that an article
    /// without full text has the text it had before this migration, byte for byte.
    static func searchBody(_ row: String) -> String {
        "\(SearchText.functionName)(\(row).summary, \(row).contentHTML, \(row).fullTextHTML)"
    }

    /// Adds the columns, and makes the search index's view and triggers read the full text.
    static func createFullText(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE source ADD COLUMN fullText INTEGER NOT NULL DEFAULT 0;

            ALTER TABLE article ADD COLUMN fullTextAt REAL;
            ALTER TABLE article ADD COLUMN fullTextCheckedAt REAL;
            ALTER TABLE article ADD COLUMN fullTextRetryAt REAL;
            ALTER TABLE article ADD COLUMN fullTextProblem TEXT;
            ALTER TABLE article ADD COLUMN fullTextETag TEXT;
            ALTER TABLE article ADD COLUMN fullTextLastModified TEXT;
            ALTER TABLE article ADD COLUMN pageFilled INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE article ADD COLUMN fullTextHTML TEXT;
            -- The articles waiting for their page's text, by source: a refresh of a full-text source reads its own
            -- from here, a probe of an index that holds only them.
            CREATE INDEX article_full_text_due ON article(sourceId, fullTextRetryAt)
                WHERE fullTextRetryAt IS NOT NULL;

            DROP TRIGGER article_search_update;
            DROP TRIGGER article_search_delete;
            DROP VIEW article_search_source;

            CREATE VIEW article_search_source AS
                SELECT \(searchKey("article")) AS rowid, title, \(searchBody("article")) AS body
                FROM article;

            CREATE TRIGGER article_search_delete AFTER DELETE ON article BEGIN
                INSERT INTO article_search(article_search, rowid, title, body)
                VALUES ('delete', \(searchKey("old")), old.title, \(searchBody("old")));
            END;
            CREATE TRIGGER article_search_update
            AFTER UPDATE OF title, summary, contentHTML, sortDate, fullTextHTML ON article BEGIN
                INSERT INTO article_search(article_search, rowid, title, body)
                VALUES ('delete', \(searchKey("old")), old.title, \(searchBody("old")));
                INSERT INTO article_search(rowid, title, body)
                VALUES (\(searchKey("new")), new.title, \(searchBody("new")));
            END;
            """)
    }
}
