import Foundation
import GRDB

/// Full text: what a page fetch reads of its articles, and what it stores (see ``FeedSchema/createFullText(_:)``).
extension FeedDatabase {
    /// The articles `ids` as a page fetch needs them, in the order of `ids` (those no longer stored left out).
    func fullTextTargets(ids: [UUID]) throws(DatabaseProblem) -> [FullTextTarget] {
        try read(.readArticle) { db in
            let statement = try db.cachedStatement(sql: """
                SELECT article.rowid, article.id, article.sourceId, article.link, article.title, article.summary,
                    article.contentHTML, article.author,
                    article.publishedAt IS NOT NULL OR article.updatedAt IS NOT NULL,
                    article.enclosureURL IS NOT NULL, article.firstSeenAt, article.fullTextAt,
                    article.fullTextCheckedAt, article.fullTextRetryAt, article.fullTextETag,
                    article.fullTextLastModified, source.addressPolicy
                FROM article JOIN source ON source.id = article.sourceId
                WHERE article.id = ?
                """)
            return try ids.compactMap { id in
                try Row.fetchOne(statement, arguments: [id.uuidString]).map(FullTextTarget.init(row:))
            }
        }
    }

    /// The articles of `sourceID` due for their page's text at `date` (new ones of a full-text source, and those
    /// whose last problem may have passed), the newest due first, at most `limit`: one probe of a partial index
    /// that holds only the articles waiting.
    func dueFullTexts(sourceID: UUID, at date: Date, limit: Int) throws(DatabaseProblem) -> [UUID] {
        try read(.readArticles) { db in
            try String.fetchAll(
                db.cachedStatement(sql: """
                    SELECT id FROM article
                    WHERE sourceId = ? AND fullTextRetryAt <= ? AND fullTextAt IS NULL AND isHidden = 0
                    ORDER BY fullTextRetryAt DESC LIMIT ?
                    """),
                arguments: [sourceID.uuidString, date.storageValue, limit]
            ).map { UUID(stored: $0) }
        }
    }

    /// Turns full text on or off for a source; turning it on makes its `newest` articles that were never
    /// considered due at `date`. Returns false when there is no such source.
    @discardableResult
    func setSourceFullText(id: UUID, _ isOn: Bool, newest: Int, at date: Date) throws(DatabaseProblem) -> Bool {
        try write(.saveSource) { db in
            try db.execute(
                sql: "UPDATE source SET fullText = ? WHERE id = ?", arguments: [isOn, id.uuidString])
            guard db.changesCount > 0 else { return false }
            guard isOn else { return true }
            try db.execute(
                sql: """
                    UPDATE article SET fullTextRetryAt = ?1
                    WHERE rowid IN (
                        SELECT rowid FROM article
                        WHERE sourceId = ?2 AND isHidden = 0 AND fullTextAt IS NULL AND fullTextCheckedAt IS NULL
                            AND fullTextRetryAt IS NULL
                        ORDER BY sortDate DESC LIMIT ?3)
                    """,
                arguments: [date.storageValue, id.uuidString, newest])
            return true
        }
    }

    /// Stores the text extracted from an article's page, the page's validators, and the metadata that fills
    /// the article's empty fields (each only where it is still empty: a fetch of the feed meanwhile wins). The
    /// search index takes the text through its update trigger. Returns false when the article is gone.
    @discardableResult
    func storeFullText(
        rowid: Int64, html: String, etag: String?, lastModified: String?, fill: PageMetadataFill, at date: Date
    ) throws(DatabaseProblem) -> Bool {
        try write(.storeFullText) { db in
            // Every right-hand side reads the row as it was, so the marks of what was filled and the values agree.
            try db.cachedStatement(sql: """
                UPDATE article SET
                    pageFilled = pageFilled
                        | (CASE WHEN ?1 IS NOT NULL THEN \(PageFill.title.rawValue) ELSE 0 END)
                        | (CASE WHEN ?2 IS NOT NULL AND author IS NULL THEN \(PageFill.author.rawValue) ELSE 0 END)
                        | (CASE WHEN ?3 IS NOT NULL AND publishedAt IS NULL AND updatedAt IS NULL
                            THEN \(PageFill.date.rawValue) ELSE 0 END)
                        | (CASE WHEN ?4 IS NOT NULL AND enclosureURL IS NULL
                            THEN \(PageFill.image.rawValue) ELSE 0 END),
                    title = coalesce(?1, title),
                    author = coalesce(author, ?2),
                    publishedAt = CASE WHEN publishedAt IS NULL AND updatedAt IS NULL THEN ?3 ELSE publishedAt END,
                    sortDate = CASE WHEN publishedAt IS NULL AND updatedAt IS NULL THEN coalesce(?3, sortDate)
                        ELSE sortDate END,
                    enclosureType = CASE WHEN enclosureURL IS NULL AND ?4 IS NOT NULL THEN ?5 ELSE enclosureType END,
                    enclosureURL = coalesce(enclosureURL, ?4),
                    fullTextHTML = ?6, fullTextAt = ?7, fullTextCheckedAt = ?7, fullTextETag = ?8,
                    fullTextLastModified = ?9, fullTextProblem = NULL, fullTextRetryAt = NULL
                WHERE rowid = ?10
                """
            ).execute(arguments: [
                fill.title, fill.author, fill.published.storageValue, fill.imageURL, fill.imageType, html,
                date.storageValue, etag, lastModified, rowid,
            ])
            return db.changesCount > 0
        }
    }

    /// Records that the page is unchanged since its text was stored (a 304): the text stays, confirmed at
    /// `date`, with the validators the server sent again (kept when it sent none).
    @discardableResult
    func confirmFullText(
        rowid: Int64, etag: String?, lastModified: String?, at date: Date
    ) throws(DatabaseProblem) -> Bool {
        try write(.storeFullText) { db in
            try db.cachedStatement(sql: """
                UPDATE article SET fullTextAt = ?1, fullTextCheckedAt = ?1, fullTextProblem = NULL,
                    fullTextRetryAt = NULL, fullTextETag = coalesce(?2, fullTextETag),
                    fullTextLastModified = coalesce(?3, fullTextLastModified)
                WHERE rowid = ?4 AND fullTextHTML IS NOT NULL
                """
            ).execute(arguments: [date.storageValue, etag, lastModified, rowid])
            return db.changesCount > 0
        }
    }

    /// Records that the article was considered at `date` and its page left alone: the feed carries it whole.
    @discardableResult
    func markFeedTextWhole(rowid: Int64, at date: Date) throws(DatabaseProblem) -> Bool {
        try write(.storeFullText) { db in
            try db.cachedStatement(sql: """
                UPDATE article SET fullTextCheckedAt = ?, fullTextProblem = NULL, fullTextRetryAt = NULL
                WHERE rowid = ?
                """
            ).execute(arguments: [date.storageValue, rowid])
            return db.changesCount > 0
        }
    }

    /// Records the problem of an attempt at `date`, and when an automatic fetch may try again (nil: never).
    /// A stored full text stays: the page failing now does not take back what it gave before.
    @discardableResult
    func recordFullTextProblem(
        rowid: Int64, _ problem: FullTextProblem, retryAt: Date?, at date: Date
    ) throws(DatabaseProblem) -> Bool {
        try write(.storeFullText) { db in
            try db.cachedStatement(sql: """
                UPDATE article SET fullTextCheckedAt = ?, fullTextProblem = ?, fullTextRetryAt = ?
                WHERE rowid = ?
                """
            ).execute(arguments: [date.storageValue, problem.storedText, retryAt.storageValue, rowid])
            return db.changesCount > 0
        }
    }
}

extension FullTextTarget {
    /// Reads the columns by position, in the order of ``FeedDatabase/fullTextTargets(ids:)``'s statement.
    init(row: Row) {
        let title: String = row[4]
        let summary: String? = row[5]
        let content: String? = row[6]
        let link: String? = row[3]
        self.init(
            id: row.uuid(at: 1), rowid: row[0], sourceID: row.uuid(at: 2), link: link, summary: summary,
            contentHTML: content,
            titleIsFallback: title == FetchedItem.fallbackTitle(summary: summary, contentHTML: content, link: link),
            author: row[7], hasDate: row[8], hasEnclosure: row[9], firstSeenAt: Date(storageValue: row[10]),
            fullTextAt: (row[11] as Double?).map(Date.init(storageValue:)),
            checkedAt: (row[12] as Double?).map(Date.init(storageValue:)),
            retryAt: (row[13] as Double?).map(Date.init(storageValue:)), etag: row[14], lastModified: row[15],
            policy: AddressPolicy(stored: row[16]))
    }
}
