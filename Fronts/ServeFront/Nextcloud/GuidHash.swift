
/// Nextcloud's `guidHash`: the MD5 of an item's guid in lower-case hex, by which v1-2 clients star items
/// (with the feed's id). Here the guid is the article's ``/RssCore/ArticleSnapshot/itemID``.
enum GuidHash {
    /// The hash of `guid`.
    static func of(_ guid: String) -> String {
        Digest.hex(Digest.md5(guid.utf8))
    }

    /// Whether `reference`, from a star request, names the item whose guid is `guid`: its hash (any case), or
    /// the guid itself as newsboat 2.21 sends it, raw in the path, where runs of slashes reach the router as
    /// one (``RequestPath``), so they are compared as one.
    static func matches(_ reference: String, guid: String, hash: String) -> Bool {
        if isHash(reference), reference.lowercased() == hash { return true }
        return reference == guid || collapsingSlashes(reference) == collapsingSlashes(guid)
    }

    /// Whether `text` has the form of a hash: 32 hex digits.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }

    /// `text` with each run of slashes made one, and none at the end (as a routed path has it).
    private static func collapsingSlashes(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text where !(character == "/" && result.last == "/") { result.append(character) }
        while result.last == "/" { result.removeLast() }
        return result
    }
}
