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
        return encode(mask + zip(mac, mask).map { $0 ^ $1 })
    }

    /// Whether `token` is a masking of `secret`'s, compared in time that does not depend on where they differ.
    static func isValid(_ token: String?, for secret: String) -> Bool {
        guard let token, token.count <= 200, let bytes = decode(token) else { return false }
        let expected = key(for: secret)
        guard bytes.count == expected.count * 2 else { return false }
        let mask = bytes.prefix(expected.count)
        let masked = bytes.suffix(expected.count)
        var difference: UInt8 = 0
        for (index, byte) in expected.enumerated() {
            difference |= byte ^ masked[masked.startIndex + index] ^ mask[mask.startIndex + index]
        }
        return difference == 0
    }

    private static func key(for secret: String) -> [UInt8] {
        Digest.hmacSHA256(key: Array(secret.utf8), message: "rss-serve web form".utf8)
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decode(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { Array($0) }
    }
}
