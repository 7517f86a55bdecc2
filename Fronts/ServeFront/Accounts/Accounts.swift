import Foundation

/// The server's own data: its users (bcrypt password hashes) and their API tokens (SHA-256 hashes), kept in
/// one JSON file of the front's, never in RssCore's database.
struct Accounts: Codable, Equatable, Sendable {
    /// A person who may sign in.
    struct User: Codable, Equatable, Sendable {
        /// The name clients sign in with (`Email` in ClientLogin, the Basic user name).
        var name: String
        /// The bcrypt hash of the password.
        var passwordHash: String
        /// When the password was last set.
        var changedAt: Date
        /// How many times the user's Google Reader session was revoked: part of what the session token is made
        /// of (``TokenSecret/session(user:password:passwordHash:epoch:)``). Absent in files written before.
        var sessionEpoch: Int?
        /// SHA-256 of the user's Fever `api_key` (md5 of `name:password`, see ``FeverKey``) while the Fever API
        /// is on for them; nil when it is off (the default, and in files written before Fever).
        var feverKeyHash: String? = nil
        /// The database file of the user's library; nil for the main library, the database the server serves
        /// by default (every user of files written before libraries, and the first user).
        var library: String? = nil
        /// Networks besides the public web that sources this user adds may reach, on top of the server's
        /// `--allow-private` (CIDR; nil: none of their own).
        var allowedNetworks: [String]? = nil
        /// When the server last opened the user's library for them (at most once an hour is written).
        var lastUsedAt: Date? = nil
    }

    /// A token that stands for a user until it is revoked; only its hash is kept.
    struct Token: Codable, Equatable, Sendable {
        /// A short public name for listing and revoking (the hash's first hex digits).
        var id: String
        /// Whose token it is.
        var user: String
        /// Which API it opens.
        var kind: TokenKind
        /// SHA-256 of the token, hex.
        var hash: String
        /// When it was made.
        var createdAt: Date
        /// What the user called it (`phone`), or how it was made (`ClientLogin`).
        var label: String
    }

    var users: [User] = []
    var tokens: [Token] = []

    /// Google Reader sessions (ClientLogin) kept per user: the newest, so that logging in again and again
    /// does not grow the file without end.
    static let sessionsKeptPerUser = 20

    /// The user called `name`.
    func user(named name: String) -> User? { users.first { $0.name == name } }

    /// Sets `name`'s password hash, adding the user when new; the sessions signed in with the old password end.
    mutating func setUser(_ name: String, passwordHash: String, at date: Date) {
        if let index = users.firstIndex(where: { $0.name == name }) {
            users[index].passwordHash = passwordHash
            users[index].changedAt = date
            tokens.removeAll { $0.user == name && $0.isSession }
        } else {
            users.append(User(name: name, passwordHash: passwordHash, changedAt: date))
        }
    }

    /// Removes `name` and every token of theirs; returns whether there was such a user.
    mutating func removeUser(_ name: String) -> Bool {
        guard users.contains(where: { $0.name == name }) else { return false }
        users.removeAll { $0.name == name }
        tokens.removeAll { $0.user == name }
        return true
    }

    /// Adds a token record, dropping the oldest Google Reader sessions of its user past the limit.
    mutating func addToken(_ token: Token) {
        tokens.append(token)
        let sessions = tokens.filter { $0.user == token.user && $0.isSession }
        if sessions.count > Self.sessionsKeptPerUser {
            let dropped = Set(sessions.prefix(sessions.count - Self.sessionsKeptPerUser).map(\.hash))
            tokens.removeAll { dropped.contains($0.hash) }
        }
    }

    /// Removes the tokens whose id starts with `prefix`; returns how many. A revoked session moves its user's
    /// sessions to a new epoch, so that signing in again gives a new token.
    mutating func revokeTokens(idPrefix prefix: String) -> Int {
        let revoked = tokens.filter { $0.id.hasPrefix(prefix) }
        for session in revoked where session.isSession {
            if let index = users.firstIndex(where: { $0.name == session.user }) {
                users[index].sessionEpoch = (users[index].sessionEpoch ?? 0) + 1
            }
        }
        tokens.removeAll { $0.id.hasPrefix(prefix) }
        return revoked.count
    }
}

extension Accounts.Token {
    /// The label of tokens ClientLogin makes.
    static let sessionLabel = "ClientLogin"

    /// Whether ClientLogin made it.
    var isSession: Bool { kind == .googleReader && label == Self.sessionLabel }
}

/// Which API a token opens: a token is accepted only by its own API.
enum TokenKind: String, Codable, Sendable, CaseIterable {
    /// `X-Auth-Token` for the Miniflux API.
    case miniflux
    /// `Authorization: GoogleLogin auth=…` for the Google Reader API.
    case googleReader = "greader"
}
