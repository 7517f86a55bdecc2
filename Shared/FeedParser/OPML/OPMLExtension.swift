/// An element of another namespace in an OPML file's `<head>`: how a program keeps its own data in a
/// subscription list (RssReeder's saved queries) where every other reader ignores it, as OPML allows.
///
/// ```xml
/// <opml version="2.0" xmlns:rssreeder="urn:x-rssreeder:opml">
///   <head><rssreeder:query name="swift" filter="title contains swift"/></head>
/// ```
public struct OPMLExtension: Sendable, Hashable, Codable {
    /// The namespace URI.
    public var namespace: String
    /// The prefix written for the namespace (reading keeps the one the file used).
    public var prefix: String
    /// The element's local name (lower-cased when read, as every name the reader matches).
    public var name: String
    /// The attributes by local name (lower-cased when read), values decoded.
    public var attributes: [String: String]

    /// An element `name` of `namespace`, written with `prefix`.
    public init(namespace: String, prefix: String, name: String, attributes: [String: String]) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
        self.attributes = attributes
    }
}
