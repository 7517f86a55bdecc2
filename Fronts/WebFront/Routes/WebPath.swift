import Foundation

/// The web front's addresses, in one place: every page is under ``root``, so that the sync APIs' paths and
/// the pages never meet.
enum WebPath {
    /// Where the web front lives.
    static let root = "/web"
    static let login = root + "/login"
    static let logout = root + "/logout"
    static let sessions = root + "/sessions"
    static let revokeSession = root + "/sessions/revoke"
    static let markAll = root + "/mark-all"
    static let refresh = root + "/refresh"
    static let staticFiles = root + "/static"
    static let sources = root + "/sources"
    static let addSource = root + "/sources/add"
    static let importOPML = root + "/sources/import"
    static let exportOPML = root + "/sources/export"
    static let rules = root + "/rules"
    static let settings = root + "/settings"
    static let media = root + "/media"

    /// A source's icon.
    static func icon(_ id: UUID) -> String { root + "/icon/" + id.uuidString }

    /// A source's page.
    static func source(_ id: UUID) -> String { sources + "/" + id.uuidString }

    /// A list page: `unread`, `starred` or `all`.
    static func list(_ marks: ListSelection.Marks) -> String { root + "/" + marks.rawValue }

    /// An article's page.
    static func article(_ number: Int64) -> String { root + "/article/\(number)" }

    /// Where an article's marks are changed.
    static func mark(_ number: Int64) -> String { root + "/article/\(number)/mark" }
}
