package import Foundation

/// URL-safe base64 without padding (RFC 4648 §5): how the server writes the secrets and opaque positions it hands
/// out (tokens, continuations, anti-forgery tokens), so that they travel in paths, queries and cookies unescaped.
package enum Base64URL {
    /// `bytes` encoded.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes `text` encodes, or nil when it is not URL-safe base64.
    package static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
