import Foundation

/// Resolves relative references against xml:base and the feed's own URL as RFC 3986 says, leaving absolute IRIs
/// exactly as written. (Fragment-only links inside HTML content, `#fn1` footnotes, are kept by
/// ``HTMLURLRewriter``, which never hands them here: the content is read on the page they point into.)
enum URLResolver {
    /// The absolute form of `reference` relative to `base`, or `reference` trimmed when it cannot be resolved.
    /// An empty reference is the base itself, without its fragment (RFC 3986 §5.2.2: the fragment is the
    /// reference's, and an empty one has none).
    static func resolve(_ reference: String, against base: String?) -> String {
        let ref = reference.trimmingASCIIWhitespace()
        if hasScheme(ref) { return ref }
        guard let base, !base.isEmpty else { return ref }
        if ref.isEmpty { return base.firstIndex(of: "#").map { String(base[..<$0]) } ?? base }
        guard let baseURL = url(base) else { return ref }
        if let resolved = URL(string: ref, relativeTo: baseURL) ?? encodedURL(ref, relativeTo: baseURL) {
            return resolved.absoluteString
        }
        return ref
    }

    /// The base in effect inside an element carrying `xml:base="value"`, when its parent's is `inherited`.
    ///
    /// A fragment-only value (`#top`) leaves the inherited base, which is what RFC 3986 makes of it: it resolves
    /// to the inherited base plus a fragment, and a base's fragment never takes part in resolving a reference.
    /// Keeping the fragment-only text as the base instead would leave every link below it relative.
    static func base(_ value: String, inheriting inherited: String?) -> String? {
        let trimmed = value.trimmingASCIIWhitespace()
        return trimmed.hasPrefix("#") ? inherited : resolve(trimmed, against: inherited)
    }

    /// Whether the reference starts with `scheme:`.
    static func hasScheme(_ ref: String) -> Bool {
        var sawLetter = false
        for byte in ref.utf8 {
            if byte == 0x3A { return sawLetter }
            let isLetter = byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A
            let isOther = (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            if isLetter || (sawLetter && isOther) { sawLetter = true } else { return false }
        }
        return false
    }

    /// Schemes that must never reach a reader as a link target.
    static func isDangerous(_ ref: String) -> Bool {
        guard let first = ref.utf8.first(where: { $0 > 0x20 }), "jJvVdD".utf8.contains(first) else { return false }
        let lower = ref.prefix(16).lowercased().filter { !$0.isWhitespace }
        return lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") || lower.hasPrefix("data:text/html")
    }

    private static func url(_ string: String) -> URL? {
        URL(string: string) ?? encodedURL(string, relativeTo: nil)
    }

    private static func encodedURL(_ string: String, relativeTo base: URL?) -> URL? {
        var allowed = CharacterSet.urlFragmentAllowed
        allowed.insert(charactersIn: "#%")
        guard let encoded = string.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return URL(string: encoded, relativeTo: base)
    }
}
