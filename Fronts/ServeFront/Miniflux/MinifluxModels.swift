import Foundation
import RssCore

/// The Miniflux API's documents, with the fields its clients read.
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
        let icon: Icon? = nil

        struct Icon: Encodable {}
    }

    struct Enclosure: Encodable {
        let id: Int64
        let user_id = 1
        let entry_id: Int64
        let url: String
        let mime_type: String
        let size = 0
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
        let reading_time = 0
        let enclosures: [Enclosure]
        let feed: Feed?
        let tags: [String]
    }

    struct EntryPage: Encodable {
        let total: Int
        let entries: [Entry]
    }

    /// RFC 3339 with the time zone, as Miniflux writes dates.
    static func date(_ date: Date) -> String { date.formatted(.iso8601) }
}
