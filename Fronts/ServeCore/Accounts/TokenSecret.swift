package import Foundation

/// Making API tokens and hashing them: a token is 32 random bytes, shown once; the file keeps its SHA-256.
package enum TokenSecret {
    /// A new token: 43 characters of URL-safe base64 (no padding), from the system's random source.
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The Google Reader session token of `user` while their password is `password` (hashed as `passwordHash`)
    /// and their sessions are at `epoch`: the same at every sign-in, as FreshRSS's is, so that an app that signs
    /// in at every start (Read You) never pushes out the token of another (FeedMe, which does not sign in again).
    /// Made from the password itself, so the accounts file, which holds no password, cannot give it; a new
    /// password, or revoking the token (a new epoch), gives another.
    package static func session(user: String, password: String, passwordHash: String, epoch: Int) -> String {
        let key = Digest.sha256(password.utf8)
        let message = "rss-serve ClientLogin\u{0}\(user)\u{0}\(passwordHash)\u{0}\(epoch)".utf8
        return Base64URL.encode(Digest.hmacSHA256(key: key, message: message))
    }

    /// The hex SHA-256 a token is stored and looked up by. A fast hash is enough: tokens are random, with
    /// nothing to guess from a dictionary.
    package static func hash(_ token: String) -> String {
        Digest.hex(Digest.sha256(token.utf8))
    }

    /// A record for `token`.
    package static func record(
        for token: String, user: String, kind: TokenKind, label: String, at date: Date
    ) -> Accounts.Token {
        let hash = hash(token)
        return Accounts.Token(
            id: String(hash.prefix(10)), user: user, kind: kind, hash: hash, createdAt: date, label: label)
    }
}
