import FeedParser

/// Saved queries in an OPML file: one `<rssreeder:query name="…" filter="…"/>` each in `<head>`, in a
/// namespace of their own, which other readers ignore (and an import by this one reads back).
enum SavedQueryOPML {
    static let namespace = "urn:x-rssreeder:opml"
    static let prefix = "rssreeder"
    static let elementName = "query"

    /// The element that stands for `query`.
    static func element(_ query: SavedQuery) -> OPMLExtension {
        OPMLExtension(
            namespace: namespace, prefix: prefix, name: elementName,
            attributes: ["name": query.name, "filter": query.filter.text])
    }

    /// The saved queries `document` holds; an element whose name or filter does not read is left out.
    static func queries(in document: OPMLDocument) -> [SavedQuery] {
        document.extensions.compactMap { element in
            guard element.namespace == namespace, element.name == elementName,
                let name = element.attributes["name"], !name.isEmpty, let text = element.attributes["filter"],
                let filter = try? ArticleFilter(text)  // a filter this version cannot read is skipped, not fatal
            else { return nil }
            return SavedQuery(name: name, filter: filter)
        }
    }
}
