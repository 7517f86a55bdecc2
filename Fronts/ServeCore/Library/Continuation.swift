import Foundation
package import RssCore

/// The `continuation` of a stream page: the position of its last item, opaque to clients (URL-safe
/// base64 of RssCore's position), so the next page starts right after it however the stream changed.
package enum Continuation {
    package static func make(_ position: ArticleSnapshot.Position) -> String {
        // A position is two numbers: encoding cannot fail.
        let data = (try? JSONEncoder().encode(position)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The position a continuation stands for; nil for one this server did not make (read from the start, as
    /// FreshRSS ignores a continuation it cannot read).
    package static func position(_ text: String) -> ArticleSnapshot.Position? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard text.count <= 200, let data = Data(base64Encoded: base64) else { return nil }
        return try? JSONDecoder().decode(ArticleSnapshot.Position.self, from: data)  // any failure is "not ours"
    }
}
