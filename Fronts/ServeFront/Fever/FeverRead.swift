import ServeCore

/// What a Fever request asks to read: each a key of the query string, bare (`?api&groups`) or with any
/// value. Several may be asked at once; the answer holds them all.
enum FeverRead: String, CaseIterable, Sendable {
    /// `groups`, with `feeds_groups`.
    case groups
    /// `feeds`, with `feeds_groups`.
    case feeds
    /// `favicons`.
    case favicons
    /// `items` and `total_items` (see ``FeverItemSelection``).
    case items
    /// `links`, Fever's hot links: always empty here.
    case links
    /// `unread_item_ids`, a comma-separated string.
    case unreadItemIDs = "unread_item_ids"
    /// `saved_item_ids`, a comma-separated string.
    case savedItemIDs = "saved_item_ids"
}
