package import Foundation

/// The server's own data: its users (bcrypt password hashes) and their API tokens (SHA-256 hashes), kept in
/// one JSON file of the front's, never in RssCore's database.
package struct Accounts: Codable, Equatable, Sendable {
    /// A person who may sign in.
    package struct User: Codable, Equatable, Sendable {
        /// The name clients sign in with (`Email` in ClientLogin, the Basic user name).
        package var name: String
        /// The bcrypt hash of the password.
        package var passwordHash: String
        /// When the password was last set.
        package var changedAt: Date
        /// How many times the user's Google Reader session was revoked: part of what the session token is made
        /// of (``TokenSecret/session(user:password:passwordHash:epoch:)``). Absent in files written before.
        package var sessionEpoch: Int?
        /// SHA-256 of the user's Fever `api_key` (md5 of `name:password`, see ``FeverKey``) while the Fever API
        /// is on for them; nil when it is off (the default, and in files written before Fever).
        package var feverKeyHash: String? = nil
        /// The database file of the user's library; nil for the main library, the database the server serves
        /// by default (every user of files written before libraries, and the first user).
        package var library: String? = nil
        /// Networks besides the public web that sources this user adds may reach, on top of the server's
        /// `--allow-private` (CIDR; nil: none of their own).
        package var allowedNetworks: [String]? = nil
        /// When the server last opened the user's library for them (at most once an hour is written).
        package var lastUsedAt: Date? = nil
    }

    /// A token that stands for a user until it is revoked; only its hash is kept.
    package struct Token: Codable, Equatable, Sendable {
        /// A short public name for listing and revoking (the hash's first hex digits).
        package var id: String
        /// Whose token it is.
        package var user: String
        /// Which API it opens.
        package var kind: TokenKind
        /// SHA-256 of the token, hex.
        package var hash: String
        /// When it was made.
        package var createdAt: Date
        /// What the user called it (`phone`), or how it was made (`ClientLogin`; for a browser, the browser and
        /// the address it signed in from).
        package var label: String
        /// When a browser's session was last used (written at most once an hour); nil for other tokens.
        package var lastUsedAt: Date? = nil
    }

    package var users: [User] = []
    package var tokens: [Token] = []

    /// Google Reader sessions (ClientLogin) kept per user: the newest, so that logging in again and again
    /// does not grow the file without end.
    package static let sessionsKeptPerUser = 20
    /// Browser sessions kept per user: the newest.
    package static let webSessionsKeptPerUser = 50

    /// The user called `name`.
    package func user(named name: String) -> User? { users.first { $0.name == name } }

    /// Sets `name`'s password hash, adding the user when new; the sessions signed in with the old password end.
    package mutating func setUser(_ name: String, passwordHash: String, at date: Date) {
        if let index = users.firstIndex(where: { $0.name == name }) {
            users[index].passwordHash = passwordHash
            users[index].changedAt = date
            tokens.removeAll { $0.user == name && ($0.isSession || $0.kind == .web) }
        } else {
            users.append(User(name: name, passwordHash: passwordHash, changedAt: date))
        }
    }

    /// Removes `name` and every token of theirs; returns whether there was such a user.
    package mutating func removeUser(_ name: String) -> Bool {
        guard users.contains(where: { $0.name == name }) else { return false }
        users.removeAll { $0.name == name }
        tokens.removeAll { $0.user == name }
        return true
    }

    /// Adds a token record, dropping the oldest Google Reader sessions of its user past the limit.
    package mutating func addToken(_ token: Token) {
        tokens.append(token)
        keepNewest(Self.sessionsKeptPerUser, of: token.user) { $0.isSession }
        keepNewest(Self.webSessionsKeptPerUser, of: token.user) { $0.kind == .web }
    }

    /// Drops the oldest of `user`'s tokens that `isCounted` counts beyond the newest `limit`.
    private mutating func keepNewest(_ limit: Int, of user: String, _ isCounted: (Token) -> Bool) {
        let counted = tokens.filter { $0.user == user && isCounted($0) }
        guard counted.count > limit else { return }
        let dropped = Set(counted.prefix(counted.count - limit).map(\.hash))
        tokens.removeAll { dropped.contains($0.hash) }
    }

    /// The sessions of `user`: browsers signed in to the web front and apps signed in with ClientLogin, newest
    /// first.
    package func sessions(of user: String) -> [Token] {
        tokens.filter { $0.user == user && $0.isSignIn }.reversed()
    }

    /// Ends `user`'s session `id` (exactly that id); returns whether there was one. Another user's session, or a
    /// token that is no session, is not theirs to end.
    package mutating func endSession(id: String, of user: String) -> Bool {
        guard tokens.contains(where: { $0.id == id && $0.user == user && $0.isSignIn }) else { return false }
        return revokeTokens(idPrefix: id) > 0
    }

    /// Removes the tokens whose id starts with `prefix`; returns how many. A revoked session moves its user's
    /// sessions to a new epoch, so that signing in again gives a new token.
    package mutating func revokeTokens(idPrefix prefix: String) -> Int {
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
    package static let sessionLabel = "ClientLogin"

    /// Whether ClientLogin made it.
    package var isSession: Bool { kind == .googleReader && label == Self.sessionLabel }

    /// Whether someone signed in to make it: a browser's session, or an app's ClientLogin.
    package var isSignIn: Bool { kind == .web || isSession }
}

/// Which API a token opens: a token is accepted only by its own API.
package enum TokenKind: String, Codable, Sendable, CaseIterable {
    /// `X-Auth-Token` for the Miniflux API.
    case miniflux
    /// `Authorization: GoogleLogin auth=…` for the Google Reader API.
    case googleReader = "greader"
    /// A browser's session cookie for the web front: made by signing in there, never by `token create`.
    case web
}
