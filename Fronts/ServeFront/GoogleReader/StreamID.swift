import Foundation
import RssCore
import ServeCore

/// A Google Reader stream name, checked: the only forms accepted, never passed on as text to anything
/// but RssCore's typed query.
enum StreamID: Equatable, Sendable {
    /// `user/-/state/com.google/reading-list`: everything.
    case readingList
    /// `user/-/state/com.google/starred`.
    case starred
    /// `user/-/state/com.google/read`.
    case read
    /// `user/-/state/com.google/kept-unread` (and `…/fresh`, `…/unread`): the unread.
    case unread
    /// `feed/NUMBER` or `feed/URL`: one source (resolved by a ``GoogleReaderDirectory``).
    case feed(String)
    /// `user/-/label/NAME`: the sources filed under a tag.
    case label(String)

    /// Parses a stream name; `user/-/` may name the user by any id (`user/1234/…`), as clients echo ids back.
    /// `reading-list` alone is the reading list, as FreshRSS's documentation writes it.
    init?(_ text: String) {
        guard !text.isEmpty, text.count <= RequestLimits.textLength, !text.contains("\0") else { return nil }
        if text == "reading-list" {
            self = .readingList
            return
        }
        if text.hasPrefix("feed/") {
            let reference = String(text.dropFirst(5))
            guard !reference.isEmpty else { return nil }
            self = .feed(reference)
            return
        }
        let parts = text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", !parts[1].isEmpty else { return nil }
        switch (parts[2], parts[3]) {
        case ("state", "com.google/reading-list"): self = .readingList
        case ("state", "com.google/starred"): self = .starred
        case ("state", "com.google/read"): self = .read
        case ("state", "com.google/kept-unread"), ("state", "com.google/fresh"), ("state", "com.google/unread"):
            self = .unread
        case ("label", let name) where !name.isEmpty: self = .label(String(name))
        default: return nil
        }
    }

    /// The canonical name (`user/-/…`).
    var name: String {
        switch self {
        case .readingList: StreamID.statePrefix + "reading-list"
        case .starred: StreamID.statePrefix + "starred"
        case .read: StreamID.statePrefix + "read"
        case .unread: StreamID.statePrefix + "kept-unread"
        case .feed(let reference): "feed/" + reference
        case .label(let name): StreamID.labelPrefix + name
        }
    }

    static let statePrefix = "user/-/state/com.google/"
    static let labelPrefix = "user/-/label/"

    /// Whether the stream selects by a mark (read, unread, starred): its time filters then ask when the mark
    /// changed, not when the article was stored.
    var isState: Bool {
        switch self {
        case .read, .unread, .starred: true
        case .readingList, .feed, .label: false
        }
    }

    /// Narrows `query` to this stream; nil when the stream names a feed nobody follows.
    func narrow(_ query: ArticleQuery, in directory: GoogleReaderDirectory) -> ArticleQuery? {
        var query = query
        switch self {
        case .readingList: break
        case .starred: query.isStarred = true
        case .read: query.isRead = true
        case .unread: query.isRead = false
        case .feed(let reference):
            guard let source = directory.source(feed: reference) else { return nil }
            query.sourceIDs = [source.id]
        case .label(let name): query.tags = [name]
        }
        return query
    }

    /// The sources this stream covers, for mark-all-as-read: `.some(nil)` for all; nil when it names a feed
    /// nobody follows.
    func sources(in directory: GoogleReaderDirectory) -> Set<UUID>?? {
        switch self {
        case .readingList, .starred, .read, .unread: return .some(nil)
        case .feed(let reference): return directory.source(feed: reference).map { [$0.id] }
        case .label(let name): return .some(Set(directory.sources(taggedWith: name).map(\.id)))
        }
    }
}
