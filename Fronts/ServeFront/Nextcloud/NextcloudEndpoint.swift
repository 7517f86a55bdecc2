import Foundation
import HTTPTypes
import ServeCore

/// What a request to the Nextcloud News API asks for, read from its method and path (after
/// `/index.php/apps/news/api/`): the routing table of v1-2 and v1-3 in one place.
///
/// Both versions are served alike: v1-2 marks with PUT and v1-3 with POST, and each is accepted on both; star
/// and unstar take an item id (v1-3, `items/{id}/star`) or a feed and guid hash (v1-2,
/// `items/{feedId}/{guidHash}/star`), told apart by the path's length. newsboat 2.21's forms are routed too: its
/// star sends the raw guid where the hash belongs (slashes, `?` and escapes as they are), and a flag edit that
/// does not touch the star sends `PUT items/{feedId}/{guid}` (``flagsWithoutStar(feed:guid:)``). A guid with a
/// `?` reaches the server split into path and query; the query given to ``route(_:_:query:)`` puts it together
/// again.
enum NextcloudEndpoint: Equatable {
    /// What a mark does.
    enum Mark: String, Equatable {
        /// Read, unread, starred or not starred.
        case read, unread, star, unstar

        /// `starred`/`unstarred` too: the spec's "how to sync" names them so, though News routes `star`.
        init?(name: Substring) {
            switch name {
            case "starred": self = .star
            case "unstarred": self = .unstar
            default: self.init(rawValue: String(name))
            }
        }
    }

    /// `GET version`, `GET status`, `GET user`.
    case version, status, user
    /// `GET folders`, `POST folders`, `PUT folders/{id}`, `DELETE folders/{id}`, `folders/{id}/read`.
    case folders, createFolder, renameFolder(Int64), deleteFolder(Int64), markFolderRead(Int64)
    /// `GET feeds`, `POST feeds`, `DELETE feeds/{id}`, `feeds/{id}/move`, `…/rename`, `…/read`.
    case feeds, createFeed, deleteFeed(Int64), moveFeed(Int64), renameFeed(Int64), markFeedRead(Int64)
    /// `feeds/update?userId=&feedId=`: News's updater route, which RSS Guard calls when told to.
    case updateFeed
    /// `GET items`, `GET items/updated`.
    case items, updatedItems
    /// `items/{id}/{mark}`.
    case markItem(Int64, Mark)
    /// `items/{mark}/multiple`.
    case markItems(Mark)
    /// `items/{feedId}/{guidHash or raw guid}/star|unstar`; the guid as sent (percent escapes kept: see
    /// ``GuidHash/match(raw:guid:)``).
    case starByGuid(feed: Int64, guid: String, starred: Bool)
    /// newsboat 2.21's `PUT items/{feedId}/{guid}`: a flag edit that changes nothing this server keeps, of the
    /// item the guid names.
    case flagsWithoutStar(feed: Int64, guid: String)
    /// `items/read`: every item up to `newestItemId`.
    case markAllRead

    /// The outcome of routing a request.
    enum Routing: Equatable {
        /// What the request asks for.
        case found(NextcloudEndpoint)
        /// The path is known; the method is not one it takes.
        case wrongMethod
        /// No such path in either version.
        case notFound
    }

    /// The versions served.
    static let versions: Set<Substring> = ["v1-2", "v1-3"]

    /// Routes `method` and `segments`, the path's parts after the API's root (the version first), and `query`,
    /// the query string as sent; a segment may hold percent escapes.
    static func route(_ method: HTTPRequest.Method, _ segments: [Substring], query: Substring? = nil) -> Routing {
        guard let version = segments.first, versions.contains(version) else { return .notFound }
        let path = Array(segments.dropFirst())
        let read: Set<HTTPRequest.Method> = [.get]
        let create: Set<HTTPRequest.Method> = [.post]
        let change: Set<HTTPRequest.Method> = [.put, .post]
        let remove: Set<HTTPRequest.Method> = [.delete]
        func take(_ endpoint: NextcloudEndpoint, _ methods: Set<HTTPRequest.Method>) -> Routing {
            methods.contains(method) ? .found(endpoint) : .wrongMethod
        }
        switch path.count {
        case 1:
            switch path[0] {
            case "version": return take(.version, read)
            case "status": return take(.status, read)
            case "user": return take(.user, read)
            case "folders": return method == .get ? .found(.folders) : take(.createFolder, create)
            case "feeds": return method == .get ? .found(.feeds) : take(.createFeed, create)
            case "items": return take(.items, read)
            default: return .notFound
            }
        case 2:
            if path[0] == "folders", let id = number(path[1]) {
                return method == .delete ? .found(.deleteFolder(id)) : take(.renameFolder(id), change)
            }
            if path[0] == "feeds", let id = number(path[1]) { return take(.deleteFeed(id), remove) }
            if path == ["feeds", "update"] { return take(.updateFeed, read) }
            if path == ["items", "updated"] { return take(.updatedItems, read) }
            if path == ["items", "read"] { return take(.markAllRead, change) }
            return .notFound
        default:
            return routeLonger(path, query: query, take: take, change: change)
        }
    }

    /// The paths of three parts and more: marks and the folder and feed actions.
    private static func routeLonger(
        _ path: [Substring], query: Substring?, take: (NextcloudEndpoint, Set<HTTPRequest.Method>) -> Routing,
        change: Set<HTTPRequest.Method>
    ) -> Routing {
        if path.count == 3, path[0] == "folders", path[2] == "read", let id = number(path[1]) {
            return take(.markFolderRead(id), change)
        }
        if path.count == 3, path[0] == "feeds", let id = number(path[1]) {
            switch path[2] {
            case "move": return take(.moveFeed(id), change)
            case "rename": return take(.renameFeed(id), change)
            case "read": return take(.markFeedRead(id), change)
            default: return .notFound
            }
        }
        guard path[0] == "items" else { return .notFound }
        if path.count == 3, path[2] == "multiple", let mark = Mark(name: path[1]) { return take(.markItems(mark), change) }
        guard let id = number(path[1]) else { return .notFound }
        if path.count == 3, let mark = Mark(rawValue: String(path[2])) {
            return take(.markItem(id, mark), change)
        }
        // A raw guid: what follows the feed, and the query it was cut at when it holds a `?`.
        var guid = path[2...].joined(separator: "/")
        if let query { guid += "?" + query }
        for (suffix, starred) in [("/star", true), ("/unstar", false)] where guid.hasSuffix(suffix) && guid.count > suffix.count {
            return take(.starByGuid(feed: id, guid: String(guid.dropLast(suffix.count)), starred: starred), change)
        }
        return take(.flagsWithoutStar(feed: id, guid: guid), change)
    }

    /// A positive whole number in decimal.
    private static func number(_ text: Substring) -> Int64? {
        guard let value = Int64(text), value > 0 else { return nil }
        return value
    }
}
