import Foundation
package import RssCore

/// The `continuation` of a stream page: the position of its last item, opaque to clients (URL-safe
/// base64 of RssCore's position), so the next page starts right after it however the stream changed.
package enum Continuation {
    package static func make(_ position: ArticleSnapshot.Position) -> String {
        // A position is two numbers: encoding cannot fail.
        let data = (try? JSONEncoder().encode(position)) ?? Data()
        return Base64URL.encode(data)
    }

    /// The position a continuation stands for; nil for one this server did not make (read from the start, as
    /// FreshRSS ignores a continuation it cannot read).
    package static func position(_ text: String) -> ArticleSnapshot.Position? {
        guard text.count <= 200, let data = Base64URL.decode(text) else { return nil }
        return try? JSONDecoder().decode(ArticleSnapshot.Position.self, from: data)  // any failure is "not ours"
    }
}
