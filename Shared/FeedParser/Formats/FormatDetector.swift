/// Names the format of a parsed XML document from its root element (and namespaces), never from a file
/// name, and recognises the common non-feed answers (an HTML page, an OPML list) so the error says so.
enum FormatDetector {
    static func detect(_ doc: XMLDocument, isHTMLType: Bool) throws(FeedParseError) -> (FeedFormat, Int) {
        guard let root = doc.root else {
            throw .notAFeed("no XML root element")
        }
        let element = doc[root]
        let version = doc.attribute("version", of: root)?.trimmingASCIIWhitespace() ?? ""
        switch element.lname {
        case "rss":
            if version.hasPrefix("0.9") && version != "0.90" { return (.rss09x, root) }
            if version == "0.90" { return (.rss090, root) }
            return (.rss20, root)
        case "rdf":
            let usesRSS090 = doc.declaredNamespaces.contains(Namespaces.rss090)
                && !doc.declaredNamespaces.contains(Namespaces.rss10)
            return (usesRSS090 ? .rss090 : .rss10, root)
        case "feed":
            if element.ns == Namespaces.atom03 || version == "0.3" || version == "0.2" || version == "0.1" {
                return (.atom03, root)
            }
            return (.atom10, root)
        case "channel":
            return (.rss09x, root)
        case "html", "xhtml":
            throw .htmlPage
        case "opml":
            throw .opmlDocument
        default:
            if isHTMLType { throw .htmlPage }
            if doc.elements.contains(where: { $0.lname == "channel" || $0.lname == "item" }) { return (.rss20, root) }
            if doc.elements.contains(where: { $0.lname == "entry" && $0.ns == Namespaces.atom }) { return (.atom10, root) }
            throw .notAFeed("root element <\(element.qname)>")
        }
    }
}
