public import Foundation

/// Reads OPML subscription lists leniently, because real exports are often broken: raw `&` in attributes,
/// no `<body>`, no `<opml>` root, truncated files. Every intact `<outline>` is kept, with its nesting.
public struct OPMLReader: Sendable {
    /// Limits (depth, element count) shared with ``FeedParser``.
    public var options: FeedParser.Options

    /// Makes a reader.
    public init(options: FeedParser.Options = FeedParser.Options()) {
        self.options = options
    }

    /// Reads an OPML document; throws only when there is nothing OPML-like at all.
    public func read(_ data: Data) throws(FeedParseError) -> OPMLDocument {
        guard data.count <= options.maxInputBytes else {
            throw .tooLarge(bytes: data.count, limit: options.maxInputBytes)
        }
        if let format = BinaryInput.compression(of: data) { throw .compressed(format: format) }
        let decoded = DocumentDecoder.decode(data, httpCharset: nil)
        guard decoded.withUTF8(of: data, { $0.contains { $0 > 0x20 } }) else { throw .empty }
        let doc = try XMLTreeBuilder.build(
            decoded, of: data, options: options, documentURL: nil, continueAfterRoot: true)
        guard let root = doc.root else {
            throw decoded.withUTF8(of: data, BinaryInput.hasControlCharacters) ? .binaryData : .noRootElement
        }
        let hasOutlines = doc.elements.contains(where: { $0.lname == "outline" })
        if doc.elements.contains(where: { $0.lname == "rss" || $0.lname == "feed" || $0.lname == "rdf" }),
           !hasOutlines {
            throw .feedDocument
        }
        // A broken export keeps whatever outlines it still holds; an XML document with neither an <opml> root nor
        // any outline (a web page, an SVG) is no subscription list at all, not an empty one.
        if doc[root].lname != "opml", !hasOutlines {
            throw .notAFeed(rootElement: String(doc[root].qname.prefix(64)), line: doc.rootLine)
        }
        var warnings = decoded.warnings + doc.warnings
        if doc[root].lname == "opml", !doc.childElements(root).contains(where: { doc[$0].lname == "body" }) {
            warnings.append(ParseWarning(field: "opml", rawValue: "", reason: "no <body> element"))
        }
        let titleIndex = doc.elements.indices.first {
            doc[$0].lname == "title" && doc[$0].parent >= 0 && doc[doc[$0].parent].lname == "head"
        }
        let title = titleIndex.map { doc.text(of: $0).trimmingASCIIWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        let topLevel = ([root] + doc.extraRoots).flatMap { topOutlines(under: $0, in: doc) }
        return OPMLDocument(
            title: title, outlines: topLevel.map { outline($0, in: doc) }, warnings: warnings,
            extensions: extensions(in: doc))
    }

    /// The elements of other namespaces directly in `<head>`.
    private func extensions(in doc: XMLDocument) -> [OPMLExtension] {
        guard let head = doc.elements.indices.first(where: { doc[$0].lname == "head" }) else { return [] }
        return doc.childElements(head).compactMap { index in
            let element = doc[index]
            guard !element.ns.isEmpty else { return nil }
            let parts = element.qname.split(separator: ":", maxSplits: 1)
            let prefix = parts.count == 2 ? String(parts[0]) : ""
            var attributes: [String: String] = [:]
            for attribute in element.attributes where attribute.ns.isEmpty { attributes[attribute.lname] = attribute.value }
            return OPMLExtension(namespace: element.ns, prefix: prefix, name: element.lname, attributes: attributes)
        }
    }

    /// Outlines not inside another outline, searching below `index` (skipping `<head>`).
    private func topOutlines(under index: Int, in doc: XMLDocument) -> [Int] {
        if doc[index].lname == "outline" { return [index] }
        var result: [Int] = []
        var stack = [index]
        while let e = stack.popLast() {
            for child in doc.childElements(e).reversed() {
                if doc[child].lname == "outline" { result.append(child) }
                else if doc[child].lname != "head" { stack.append(child) }
            }
        }
        return result.sorted()
    }

    private func outline(_ e: Int, in doc: XMLDocument) -> OPMLOutline {
        func attribute(_ name: String) -> String? {
            guard let value = doc.attribute(name, ns: nil, of: e)?.trimmingASCIIWhitespace(), !value.isEmpty else {
                return nil
            }
            return value
        }
        let categories = (attribute("category") ?? "").split(separator: ",").compactMap { raw -> String? in
            let value = raw.trimmingCharacters(inSet: " \t\r\n/")
            return value.isEmpty ? nil : value
        }
        let children = doc.childElements(e).filter { doc[$0].lname == "outline" }.map { outline($0, in: doc) }
        return OPMLOutline(
            text: attribute("text"), title: attribute("title"),
            xmlURL: attribute("xmlurl") ?? attribute("url").flatMap {
                ["rss", "atom", "feed"].contains(attribute("type")?.lowercased() ?? "") ? $0 : nil
            },
            htmlURL: attribute("htmlurl"), type: attribute("type"), categories: categories, children: children)
    }
}
