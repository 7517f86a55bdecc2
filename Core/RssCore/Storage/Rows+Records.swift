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
    func uuid(_ column: String) -> UUID {
        // Every id is written by this layer as a UUID string; an unreadable one is a foreign row, given a fixed id.
        UUID(canonicalText: self[column] as String) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
}

extension StoredSource {
    static let columns = """
        id, url, title, siteLink, tags, isEnabled, addedAt, sortOrder, etag, lastModified, lastSuccessAt,
        lastErrorStage, lastErrorMessage, lastErrorAt, nextAttemptAt
        """

    init(row: Row) {
        let errorStage: String? = row["lastErrorStage"]
        let lastError = errorStage.map {
            FetchFailure(stage: $0, message: row["lastErrorMessage"] ?? "", at: row.optionalDate("lastErrorAt") ?? Date(storageValue: 0))
        }
        let tagText: String = row["tags"]
        self.init(
            id: row.uuid("id"), url: row["url"], title: row["title"], siteLink: row["siteLink"],
            tags: tagText.isEmpty ? [] : tagText.split(separator: "\n").map(String.init),
            isEnabled: row["isEnabled"], addedAt: row.date("addedAt"), sortOrder: row["sortOrder"],
            fetchStatus: StoredFetchStatus(
                etag: row["etag"], lastModified: row["lastModified"], lastSuccessAt: row.optionalDate("lastSuccessAt"),
                lastError: lastError, nextAttemptAt: row.optionalDate("nextAttemptAt"))
        )
    }

    /// Arguments in the order of `columns`.
    var arguments: StatementArguments {
        let status = fetchStatus
        let tagText = tags.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        return [
            id.uuidString, url, title, siteLink, tagText, isEnabled, addedAt.storageValue, sortOrder,
            status.etag, status.lastModified, status.lastSuccessAt.storageValue,
            status.lastError?.stage, status.lastError?.message, status.lastError?.at.storageValue,
            status.nextAttemptAt.storageValue,
        ]
    }
}

extension StoredArticle {
    static let columns = """
        id, sourceId, stableId, title, link, author, publishedAt, updatedAt, summary, contentHTML,
        enclosureURL, enclosureType, firstSeenAt, sortDate, isRead, isStarred
        """

    init(row: Row) {
        self.init(
            id: row.uuid("id"), sourceID: row.uuid("sourceId"), stableID: row["stableId"], title: row["title"],
            link: row["link"], author: row["author"], publishedAt: row.optionalDate("publishedAt"),
            updatedAt: row.optionalDate("updatedAt"), summary: row["summary"], contentHTML: row["contentHTML"],
            enclosureURL: row["enclosureURL"], enclosureType: row["enclosureType"],
            firstSeenAt: row.date("firstSeenAt"), isRead: row["isRead"], isStarred: row["isStarred"])
    }

    /// Arguments in the order of `columns`.
    var arguments: StatementArguments {
        [
            id.uuidString, sourceID.uuidString, stableID, title, link, author, publishedAt.storageValue,
            updatedAt.storageValue, summary, contentHTML, enclosureURL, enclosureType, firstSeenAt.storageValue,
            sortDate.storageValue, isRead, isStarred,
        ]
    }
}

extension ArticleRow {
    static let columns = "article.id, article.sourceId, article.title, article.link, article.author, article.sortDate, article.isRead, article.isStarred, article.firstSeenAt"

    init(row: Row) {
        self.init(
            id: row.uuid("id"), sourceID: row.uuid("sourceId"), title: row["title"],
            link: (row["link"] as String?).flatMap(URL.init(string:)), author: row["author"],
            date: row.date("sortDate"), isRead: row["isRead"], isStarred: row["isStarred"],
            firstSeen: row.date("firstSeenAt"))
    }
}
