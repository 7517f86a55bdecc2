/// Maps namespace URIs to short canonical keys, so that format mappers compare a few short strings and
/// variant URIs (trailing slash, `https`, old Media RSS addresses) land on the same key.
///
/// Unknown URIs keep their URI as the key; an undeclared prefix keeps the prefix (so `dc:creator` without
/// `xmlns:dc` still reads as Dublin Core, which is what the feed author meant).
enum Namespaces {
    static let atom = "atom", atom03 = "atom03", rss10 = "rss10", rss090 = "rss090", rdf = "rdf", dc = "dc"
    static let dcterms = "dcterms", content = "content", media = "media", itunes = "itunes", xhtml = "xhtml"
    static let xml = "xml", sy = "sy", feedburner = "feedburner"

    private static let known: [String: String] = [
        "http://www.w3.org/2005/atom": atom,
        "http://purl.org/atom/ns": atom03,
        "http://purl.org/rss/1.0": rss10,
        "http://my.netscape.com/rdf/simple/0.9": rss090,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns": rdf,
        "http://purl.org/dc/elements/1.1": dc,
        "http://purl.org/dc/elements/1.0": dc,
        "http://purl.org/dc/terms": dcterms,
        "http://purl.org/rss/1.0/modules/content": content,
        "http://purl.org/rss/1.0/modules/syndication": sy,
        "http://search.yahoo.com/mrss": media,
        "http://search.yahoo.com/rss": media,
        "http://video.search.yahoo.com/mrss": media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": itunes,
        "http://example.com/dtds/podcast-1.0.dtd": itunes,
        "http://www.w3.org/1999/xhtml": xhtml,
        "http://www.w3.org/xml/1998/namespace": xml,
        "http://rssnamespace.org/feedburner/ext/1.0": feedburner,
        "http://backend.userland.com/rss2": "",
        "http://blogs.law.harvard.edu/tech/rss": "",
        "http://backend.userland.com/rss": "",
    ]

    /// The canonical key for a namespace URI.
    static func key(forURI uri: String) -> String {
        var normalized = uri.lowercased()
        while let last = normalized.last, last == "/" || last == "#" || last == " " { normalized.removeLast() }
        if normalized.hasPrefix("https://") { normalized = "http://" + normalized.dropFirst(8) }
        if let key = known[normalized] { return key }
        if normalized.hasPrefix("http://backend.userland.com/rss") { return "" }
        return uri
    }

    /// The key used for a prefix that was never declared.
    static func key(forUndeclaredPrefix prefix: Substring) -> String {
        let lower = prefix.lowercased()
        return lower == "xml" ? xml : lower
    }
}
