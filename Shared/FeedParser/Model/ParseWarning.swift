/// Something the parser recovered from, kept precise (which field, what text, why) so that a feed author or a
/// support request can be told exactly what was wrong, the way feedparser's `bozo` flag works but with detail.
public struct ParseWarning: Sendable, Hashable, Codable {
    /// Where the problem was, e.g. `item[3].pubDate`, `encoding`, `document`.
    public var field: String
    /// The offending text, cut to a reasonable length.
    public var rawValue: String
    /// Why it was rejected or what was done instead.
    public var reason: String

    /// Makes a warning; `rawValue` is cut to 200 characters.
    public init(field: String, rawValue: String, reason: String) {
        self.field = field
        self.rawValue = rawValue.count > 200 ? String(rawValue.prefix(200)) + "…" : rawValue
        self.reason = reason
    }
}
