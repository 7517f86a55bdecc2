import Foundation
import GRDB

/// The full-text step of a merge: a new article of a source with full text on is due for its page's text at once
/// (the service fetches the articles due, ``FeedSchema`` has the column); of any other source, never on its own.
struct FullTextQueueing: Equatable {
    /// Whether the source has full text on.
    let isOn: Bool

    /// When a new article stored at `now` is due for its page's text; nil: not due.
    func dueAt(_ now: Date) -> Date? { isOn ? now : nil }

    /// The source's choice, read in the merge's transaction; nil when the source is gone.
    static func of(_ source: String, _ db: Database) throws -> FullTextQueueing? {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT fullText FROM source WHERE id = ?"), arguments: [source])
            .map(FullTextQueueing.init)
    }
}
