import Foundation
import RssCore
import ServeCore

/// The Miniflux API's documents, with the fields its clients read, as Miniflux writes them.
enum Miniflux {
    struct Category: Encodable {
        let id: Int
        let title: String
        let user_id = 1
        let hide_globally = false
        var feed_count: Int?
        var total_unread: Int?
    }

    struct Feed: Encodable {
        let id: Int
        let user_id = 1
        let title: String
        let site_url: String
        let feed_url: String
        let checked_at: String
        let disabled: Bool
        let parsing_error_count: Int
        let parsing_error_message: String
        let category: Category
        let icon: Icon

        /// Always an object, as Miniflux sends it: `icon_id` 0 when the feed has none (none has one here).
        struct Icon: Encodable {
            let feed_id: Int
            let icon_id = 0
        }
    }

    struct Enclosure: Encodable {
        let id: Int64
        let user_id = 1
        let entry_id: Int64
        let url: String
        let mime_type: String
        let size = 0
        let media_progression = 0
    }

    struct Entry: Encodable {
        let id: Int64
        let user_id = 1
        let feed_id: Int
        let status: String
        let hash: String
        let title: String
        let url: String
        let comments_url = ""
        let published_at: String
        let created_at: String
        let changed_at: String
        let content: String
        let author: String
        let share_code = ""
        let starred: Bool
        let reading_time: Int
        let enclosures: [Enclosure]
        let feed: Feed?
        let tags: [String]
    }

    struct EntryPage: Encodable {
        let total: Int
        let entries: [Entry]
    }

    /// What `GET /v1/entries/ids` answers.
    struct EntryIDPage: Encodable {
        let total: Int
        let entry_ids: [Int64]
    }

    /// What `fetch-content` answers: the text extracted from the entry's page, and its reading time.
    struct EntryContent: Encodable {
        let content: String
        let reading_time: Int
    }

    /// RFC 3339 with the time zone, as Miniflux writes dates.
    static func date(_ date: Date) -> String { date.formatted(.iso8601) }

    /// Minutes to read `html`, as Miniflux estimates it (about 265 words a minute).
    static func readingTime(_ html: String) -> Int {
        let words = html.split { $0.isWhitespace }.count
        return max(1, Int((Double(words) / 265).rounded(.up)))
    }

    /// `{"error_message": …}` 400 with Miniflux's own words.
    static func badRequest(_ message: String) -> APIError { APIError.badRequest(message) }

    /// Miniflux's 404, the same words for every kind of thing.
    static let notFound = APIError.notFound("resource not found")
}
