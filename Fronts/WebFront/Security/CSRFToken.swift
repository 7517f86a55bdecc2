import Foundation
import ServeCore

/// The anti-forgery token of a form: derived from the secret of the cookie the same browser holds (its
/// session, or before signing in its login cookie), so the server stores nothing for it, and a page of another
/// site, which can neither read the cookie nor the server's pages, cannot make one.
///
/// Each answer carries it masked with random bytes of its own (the mask, then the token XOR the mask), so
/// that no two pages hold the same text: compressed beside a search the attacker chose, the token cannot be
/// guessed a character at a time from the compressed sizes (BREACH).
enum CSRFToken {
    /// A token, masked anew, for the browser holding `secret`.
    static func make(for secret: String) -> String {
        let mac = key(for: secret)
        var generator = SystemRandomNumberGenerator()
        let mask = (0..<mac.count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(mask + zip(mac, mask).map { $0 ^ $1 })
    }

    /// Whether `token` is a masking of `secret`'s, compared in time that does not depend on where they differ.
    static func isValid(_ token: String?, for secret: String) -> Bool {
        guard let token, token.count <= 200, let bytes = Base64URL.decode(token).map(Array.init) else { return false }
        let expected = key(for: secret)
        guard bytes.count == expected.count * 2 else { return false }
        let unmasked = zip(bytes.prefix(expected.count), bytes.suffix(expected.count)).map { $0 ^ $1 }
        return Digest.constantTimeEqual(unmasked, expected)
    }

    private static func key(for secret: String) -> [UInt8] {
        Digest.hmacSHA256(key: Array(secret.utf8), message: "rss-serve web form".utf8)
    }
}
