import Crypto
import Foundation

/// Making API tokens and hashing them: a token is 32 random bytes, shown once; the file keeps its SHA-256.
enum TokenSecret {
    /// A new token: 43 characters of URL-safe base64 (no padding), from the system's random source.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The hex SHA-256 a token is stored and looked up by. A fast hash is enough: tokens are random, with
    /// nothing to guess from a dictionary.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A record for `token`.
    static func record(
        for token: String, user: String, kind: TokenKind, label: String, at date: Date
    ) -> Accounts.Token {
        let hash = hash(token)
        return Accounts.Token(
            id: String(hash.prefix(10)), user: user, kind: kind, hash: hash, createdAt: date, label: label)
    }
}
