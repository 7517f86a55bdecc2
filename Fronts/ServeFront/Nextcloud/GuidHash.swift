import Foundation
import ServeCore

/// Nextcloud's `guidHash`: the MD5 of an item's guid in lower-case hex, by which v1-2 clients star items
/// (with the feed's id). Here the guid is the article's ``/RssCore/ArticleSnapshot/itemID``.
enum GuidHash {
    /// The hash of `guid`.
    static func of(_ guid: String) -> String {
        Digest.hex(Digest.md5(guid.utf8))
    }

    /// How a reference from a star request names an item.
    enum Match: Comparable {
        /// By its guid as it is, or with percent escapes a client added.
        case exact
        /// By its guid with its slashes as a routed path leaves them: only when no item is named exactly.
        case routed
    }

    /// How `reference`, a guid as newsboat 2.21 sends it raw in a star request's path, names the item whose guid
    /// is `guid` (nil: it does not). A raw guid reaches the server changed, and is compared as it arrives: its
    /// percent escapes may be the guid's own (`%41`) or a client's, and up to a `?` its slashes are runs made one,
    /// with none at either end (``RequestPath``, and the segments the path is split into), so both sides are
    /// compared so.
    static func match(raw reference: String, guid: String) -> Match? {
        let decoded = reference.removingPercentEncoding
        if reference == guid || decoded == guid { return .exact }
        let routed = routedForm(guid)
        return routedForm(reference) == routed || decoded.map(routedForm) == routed ? .routed : nil
    }

    /// Whether `text` has the form of a hash: 32 hex digits.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }

    /// `text` as a routed path leaves it: up to its first `?` (the path's part; what follows is the query, as
    /// sent), each run of slashes made one, and none at either end.
    private static func routedForm(_ text: String) -> String {
        guard let mark = text.firstIndex(of: "?") else { return text.split(separator: "/").joined(separator: "/") }
        return text[..<mark].split(separator: "/").joined(separator: "/") + text[mark...]
    }
}
