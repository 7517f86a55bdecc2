import Foundation
import GRDB

// Hand-written mapping between rows and the plain records: faster than Codable records on large pages, and it
// keeps GRDB protocols off the record types, which the layers above use.

extension Date {
    /// The stored form of a date: seconds since 1970 as REAL.
    var storageValue: Double { timeIntervalSince1970 }

    init(storageValue: Double) { self.init(timeIntervalSince1970: storageValue) }
}

extension Optional where Wrapped == Date {
    var storageValue: Double? { self?.timeIntervalSince1970 }
}

extension Row {
    func date(_ column: String) -> Date { Date(storageValue: self[column]) }
    func optionalDate(_ column: String) -> Date? { (self[column] as Double?).map(Date.init(storageValue:)) }
    func uuid(_ column: String) -> UUID { UUID(stored: self[column]) }
    func uuid(at index: Int) -> UUID { UUID(stored: self[index]) }
}

extension UUID {
    /// An id as this layer stores it (canonical text). Every id is written by this layer; an unreadable one is a
    /// foreign row's, given a fixed id.
    init(stored text: String) {
        self = UUID(canonicalText: text) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
}

extension StoredSource {
    static let columns = """
        id, url, title, siteLink, tags, isEnabled, addedAt, sortOrder, etag, lastModified, lastSuccessAt,
        lastErrorStage, lastErrorMessage, lastErrorAt, nextAttemptAt, lastErrorDetail, \(scheduleColumns), customTitle,
        addressPolicy, fullText, iconURL
        """
    /// One `?` per column of ``columns``.
    static let placeholders = Array(repeating: "?", count: 20 + scheduleColumnCount).joined(separator: ", ")

    init(row: Row) {
        let lastError = StoredFetchFailure(
            detail: row["lastErrorDetail"], stage: row["lastErrorStage"], message: row["lastErrorMessage"],
            at: row.optionalDate("lastErrorAt"))
        let tagText: String = row["tags"]
        self.init(
            id: row.uuid("id"), url: row["url"], title: row["title"], siteLink: row["siteLink"],
            tags: [String](lines: tagText),
            isEnabled: row["isEnabled"], addedAt: row.date("addedAt"), sortOrder: row["sortOrder"],
            fetchStatus: StoredFetchStatus(
                etag: row["etag"], lastModified: row["lastModified"], lastSuccessAt: row.optionalDate("lastSuccessAt"),
                lastError: lastError, nextAttemptAt: row.optionalDate("nextAttemptAt"))
        )
        readSchedule(row)
        customTitle = row["customTitle"]
        addressPolicy = AddressPolicy(stored: row["addressPolicy"])
        isFullText = row["fullText"]
        iconURL = row["iconURL"]
    }

    /// Arguments in the order of `columns`.
    var arguments: StatementArguments {
        let status = fetchStatus
        let tagText = tags.storedLines ?? ""
        return [
            id.uuidString, url, title, siteLink, tagText, isEnabled, addedAt.storageValue, sortOrder,
            status.etag, status.lastModified, status.lastSuccessAt.storageValue,
            status.lastError?.error.stage.rawValue, nil, status.lastError?.at.storageValue,
            status.nextAttemptAt.storageValue, status.lastError?.detail,
        ] + scheduleArguments + [customTitle, addressPolicy.storedText, isFullText, iconURL]
    }
}

extension StoredArticle {
    static let columns = """
        id, sourceId, stableId, title, link, author, publishedAt, updatedAt, summary, contentHTML,
        enclosureURL, enclosureType, firstSeenAt, sortDate, isRead, isStarred, categories
        """
    /// One `?` per column of ``columns``.
    static let placeholders = Array(repeating: "?", count: 17).joined(separator: ", ")

    init(row: Row) {
        self.init(
            id: row.uuid("id"), sourceID: row.uuid("sourceId"), stableID: row["stableId"], title: row["title"],
            link: row["link"], author: row["author"], publishedAt: row.optionalDate("publishedAt"),
            updatedAt: row.optionalDate("updatedAt"), summary: row["summary"], contentHTML: row["contentHTML"],
            enclosureURL: row["enclosureURL"], enclosureType: row["enclosureType"],
            categories: [String](lines: row["categories"]),
            firstSeenAt: row.date("firstSeenAt"), isRead: row["isRead"], isStarred: row["isStarred"])
    }

    /// Arguments in the order of `columns`.
    var arguments: StatementArguments {
        [
            id.uuidString, sourceID.uuidString, stableID, title, link, author, publishedAt.storageValue,
            updatedAt.storageValue, summary, contentHTML, enclosureURL, enclosureType, firstSeenAt.storageValue,
            sortDate.storageValue, isRead, isStarred, categories.storedLines,
        ]
    }
}

extension ArticleRow {
    static let columns = "article.id, article.sourceId, article.title, article.link, article.author, article.sortDate, article.isRead, article.isStarred, article.firstSeenAt"

    /// ``columns``, then the article's story and its other sources when each story is shown once.
    static func columns(showingStoriesOnce: Bool) -> String {
        showingStoriesOnce ? columns + ", article.story, " + StoryColumns.otherSources : columns
    }

    /// Reads the columns by position, in the order of ``columns(showingStoriesOnce:)``: a lookup by name
    /// lower-cases the name on every call, a sixth of reading a long list.
    init(row: Row) {
        let hasStory = row.count > 10
        self.init(
            id: row.uuid(at: 0), sourceID: row.uuid(at: 1), title: row[2],
            link: (row[3] as String?).flatMap(URL.init(string:)), author: row[4],
            date: Date(storageValue: row[5]), isRead: row[6], isStarred: row[7],
            firstSeen: Date(storageValue: row[8]), story: hasStory ? row[9] : nil,
            otherSources: hasStory ? StoryColumns.sources(row[10]) : [])
    }
}

/// The columns that tell which other sources carry an article's story.
enum StoryColumns {
    /// The other sources' ids, separated by spaces, in the order their copies were stored (the story's index
    /// walks them in rowid order); NULL for an article alone, which costs no look-up.
    static let otherSources = """
        CASE WHEN article.story IS NULL THEN NULL ELSE (SELECT group_concat(other.sourceId, ' ') FROM article AS other \
        WHERE other.story = article.story AND other.isHidden = 0 AND other.sourceId <> article.sourceId) END
        """

    /// The ids of ``otherSources`` as read, each once.
    static func sources(_ text: String?) -> [UUID] {
        guard let text, !text.isEmpty else { return [] }
        var seen = Set<UUID>()
        return text.split(separator: " ").compactMap { UUID(canonicalText: String($0)) }.filter { seen.insert($0).inserted }
    }
}

extension Array where Element == String {
    /// Reads a list stored one element a line (tags, categories); nil and "" are the empty list.
    init(lines text: String?) {
        guard let text, !text.isEmpty else {
            self = []
            return
        }
        self = text.split(separator: "\n").map(String.init)
    }

    /// The stored form: one element a line (line breaks inside an element become spaces), nil when empty.
    var storedLines: String? {
        isEmpty ? nil : map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
    }
}

extension ArticleSnapshot {
    /// The columns a snapshot is read from, with the text columns when asked for, and the story's other
    /// sources when each story is shown once.
    static func columns(includingBody: Bool, showingStoriesOnce: Bool = false) -> String {
        """
        article.rowid, article.id, article.sourceId, article.stableId, article.title, article.link, \
        article.author, article.publishedAt, article.updatedAt, article.sortDate, article.firstSeenAt, \
        article.isRead, article.isStarred, article.enclosureURL, article.enclosureType, article.categories, \
        coalesce(article.changedAt, article.firstSeenAt)
        """ + (includingBody ? ", " + bodyColumns : "")
            + (showingStoriesOnce ? ", " + StoryColumns.otherSources : "")
    }

    /// The text columns: the feed's, then the page's (its text last, see ``FeedSchema/createFullText(_:)``).
    static let bodyColumns = "article.summary, article.contentHTML, article.fullTextAt, article.fullTextHTML"

    /// Reads the columns by position, in the order of ``columns(includingBody:showingStoriesOnce:)``: a lookup
    /// by name lower-cases the name on every call, a sixth of reading a long result.
    init(row: Row, includesBody: Bool) {
        let sortDate: Double = row[9]
        let storyColumn = includesBody ? 21 : 17
        let enclosure = (row[13] as String?).flatMap(URL.init(string:)).map { Enclosure(url: $0, type: row[14]) }
        self.init(
            id: row.uuid(at: 1), sourceID: row.uuid(at: 2), itemID: row[3], title: row[4],
            link: (row[5] as String?).flatMap(URL.init(string:)), author: row[6],
            date: Date(storageValue: sortDate), published: (row[7] as Double?).map(Date.init(storageValue:)),
            updated: (row[8] as Double?).map(Date.init(storageValue:)), firstSeen: Date(storageValue: row[10]),
            changed: Date(storageValue: row[16]), isRead: row[11], isStarred: row[12], enclosure: enclosure,
            categories: [String](lines: row[15]),
            body: includesBody
                ? ArticleBody(
                    summaryHTML: row[17], contentHTML: row[18], pageHTML: row[20],
                    pageFetched: (row[19] as Double?).map(Date.init(storageValue:)))
                : nil,
            position: Position(date: sortDate, storageOrder: row[0]),
            otherSources: row.count > storyColumn ? StoryColumns.sources(row[storyColumn]) : [])
    }
}
