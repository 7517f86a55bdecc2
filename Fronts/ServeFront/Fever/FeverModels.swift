import ServeCore

/// The objects of Fever's answers, with exactly the keys and types its apps parse: numbers for ids, times
/// and flags (0 or 1, never JSON booleans: Readrops reads them with `nextInt()`), strings for id lists.
enum Fever {
    /// A group (a tag): only `id` and `title`, since Readrops' parser loops forever on any other key.
    struct Group: Encodable, Equatable {
        let id: Int
        let title: String
    }

    /// The feeds of a group, as a comma-separated string (never empty: Readrops splits and parses it).
    struct FeedsGroup: Encodable, Equatable {
        let group_id: Int
        let feed_ids: String
    }

    /// A feed (a source).
    struct Feed: Encodable, Equatable {
        let id: Int
        /// 0: no icon (the library keeps none).
        let favicon_id: Int
        let title: String
        let url: String
        let site_url: String
        /// Fever's "sparks" (feeds read only for hot links) do not exist here.
        let is_spark: Int
        /// When the feed was last fetched and understood, Unix seconds; 0 before its first fetch.
        let last_updated_on_time: Int64
    }

    /// An icon, as `MIME;base64,DATA` (the app adds `data:`). None are served: the library keeps no icons.
    struct Favicon: Encodable, Equatable {
        let id: Int
        let data: String
    }

    /// An item (an article).
    struct Item: Encodable, Equatable {
        let id: Int64
        let feed_id: Int
        let title: String
        let author: String
        let html: String
        let url: String
        let is_saved: Int
        let is_read: Int
        /// Its date (published, else updated, else first stored), Unix seconds.
        let created_on_time: Int64
    }

    /// A hot link: Fever's hot links are not kept here, so lists of them are always empty.
    struct Link: Encodable, Equatable {}
}
