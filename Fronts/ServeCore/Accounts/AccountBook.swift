package import Foundation
import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// The running server's view of the accounts file: checks passwords and tokens, and notices when
/// `rss-serve user …` or `token …` changed the file (it looks at the file's stamp before each check, so a
/// revoked token stops working with the next request).
package final class AccountBook: Sendable {
    let file: AccountFile
    private let cache = Mutex<Cached>(Cached())

    private struct Cached {
        var stamp: FileStamp?
        var accounts = Accounts()
        var loaded = false
        /// Passwords already checked against a hash: SHA-256 of `name:password` and the hash it matched, so
        /// that Basic authentication, which sends the password with every request, costs one bcrypt per
        /// password, not one per request. A changed hash invalidates the entry.
        var verified: [String: String] = [:]
    }

    package init(file: AccountFile) {
        self.file = file
    }

    /// The accounts as the file now says.
    package func current() throws(AccountFileProblem) -> Accounts {
        let stamp = file.stamp()
        let cached = cache.withLock { $0.loaded && $0.stamp == stamp ? $0.accounts : nil }
        if let cached { return cached }
        let accounts = try file.read()
        cache.withLock {
            $0.accounts = accounts
            $0.stamp = stamp
            $0.loaded = true
        }
        return accounts
    }

    /// Whether `password` is `name`'s; bcrypt runs on NIO's thread pool, off the threads serving requests.
    package func checkPassword(name: String, password: String) async throws -> Bool {
        guard let user = try current().user(named: name) else {
            // The same work as for a real user, so that timing does not tell which names exist.
            _ = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: Self.decoyHash) }
            return false
        }
        let key = TokenSecret.hash(name + ":" + password)
        if cache.withLock({ $0.verified[key] == user.passwordHash }) { return true }
        let matches = try await NIOThreadPool.singleton.runIfActive {
            Bcrypt.verify(password, hash: user.passwordHash)
        }
        if matches { cache.withLock { $0.verified[key] = user.passwordHash } }
        return matches
    }

    /// Whether `password` was already found to be `name`'s current password: Basic authentication's
    /// requests after the first, which then neither wait for bcrypt nor count as sign-in attempts.
    package func knowsPassword(name: String, password: String) -> Bool {
        guard let hash = try? current().user(named: name)?.passwordHash else { return false }  // unreadable file: check the long way, which reports it
        let key = TokenSecret.hash(name + ":" + password)
        return cache.withLock { $0.verified[key] == hash }
    }

    /// The user a token of `kind` belongs to, or nil for an unknown, revoked or other kind of token.
    package func user(forToken token: String, kind: TokenKind) throws(AccountFileProblem) -> String? {
        let hash = TokenSecret.hash(token)
        let accounts = try current()
        guard let record = accounts.tokens.first(where: { $0.hash == hash }), record.kind == kind,
            accounts.user(named: record.user) != nil
        else { return nil }
        return record.user
    }

    /// Notes in the file that `name` used their library now, at most once an hour (what `rss-serve user list`
    /// shows as the last use).
    package func noteUse(_ name: String, at date: Date = Date()) {
        guard let cached = try? current().user(named: name),  // unreadable: the request's own read reports it
            cached.lastUsedAt.map({ date.timeIntervalSince($0) >= 3_600 }) ?? true
        else { return }
        // Only a note: an accounts file that cannot be written now must not stop a sync; the next request tries
        // again, and `user set` reports what is wrong with the file.
        try? file.update { accounts throws(AccountFileProblem) in _ = accounts.noteUse(name, at: date) }
    }

    /// The Google Reader session token of `user`, who signed in with `password` (ClientLogin): the same at
    /// every sign-in (``TokenSecret/session(user:password:passwordHash:epoch:)``); its hash is stored the first
    /// time.
    package func startSession(for user: String, password: String) throws(AccountFileProblem) -> String {
        func token(in accounts: Accounts) -> String? {
            accounts.user(named: user).map {
                TokenSecret.session(user: user, password: password, passwordHash: $0.passwordHash, epoch: $0.sessionEpoch ?? 0)
            }
        }
        if let known = token(in: try current()), try self.user(forToken: known, kind: .googleReader) == user {
            return known
        }
        return try file.update { accounts throws(AccountFileProblem) in
            guard let token = token(in: accounts) else { throw .refused("no user called \(user)") }
            let hash = TokenSecret.hash(token)
            if !accounts.tokens.contains(where: { $0.hash == hash }) {
                accounts.addToken(
                    TokenSecret.record(
                        for: token, user: user, kind: .googleReader, label: Accounts.Token.sessionLabel, at: Date()))
            }
            return token
        }
    }

    /// A bcrypt hash of a password nobody has, checked against for unknown names.
    private static let decoyHash = Bcrypt.hash("rss-serve decoy password", cost: PasswordPolicy.cost)
}

/// How passwords are hashed.
package enum PasswordPolicy {
    /// bcrypt's cost: 2^10 rounds, about 50 ms here; with the login rate limit, guessing stays slow.
    package static let cost: UInt8 = 10
    /// Passwords shorter than this are refused when set.
    package static let minimumLength = 8
}
