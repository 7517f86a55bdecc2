/// Names the format of a parsed XML document from its root element (and namespaces), never from a file
/// name, and recognises the common non-feed answers (an HTML page, an OPML list, binary data) so the error
/// says so.
enum FormatDetector {
    /// `looksBinary` is asked only when the document is not a feed, to tell binary input from unknown XML.
    static func detect(_ doc: XMLDocument, isHTMLType: Bool, looksBinary: () -> Bool) throws(FeedParseError)
        -> (FeedFormat, Int) {
        guard let root = doc.root else {
            throw looksBinary() ? .binaryData : .noRootElement
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
            // The scanner takes any byte above 0x7F for a name character, so binary input has "root elements";
            // U+FFFD is a valid name character but here stands for bytes that were not text in the charset.
            if !XMLName.isValid(element.qname) || element.qname.contains("\u{FFFD}") || looksBinary() {
                throw .binaryData
            }
            throw .notAFeed(rootElement: String(element.qname.prefix(64)), line: doc.rootLine)
        }
    }
}
