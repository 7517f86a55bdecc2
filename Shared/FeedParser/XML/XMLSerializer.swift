/// Writes the children of an element back out as markup, for XHTML content and for HTML that a feed put
/// unescaped inside an RSS `description`.
enum XMLSerializer {
    /// The UTF-8 of the markup inside `index`; XHTML elements lose their prefix so the result is plain HTML.
    static func innerXMLBytes(of index: Int, in document: XMLDocument) -> [UInt8] {
        var out: [UInt8] = []
        for child in document.children(of: index) { append(child, in: document, to: &out) }
        return out
    }

    private static func append(_ child: XMLChild, in document: XMLDocument, to out: inout [UInt8]) {
        switch child {
        case .text(let run):
            document.characters.withUnsafeBufferPointer {
                escape(UnsafeBufferPointer(rebasing: $0[run]), quote: false, to: &out)
            }
        case .element(let index):
            let element = document[index]
            let foreign = isURI(element.ns)
            let name = element.ns == Namespaces.xhtml || foreign
                ? String(XMLTreeBuilder.split(element.qname).1) : element.qname
            out.append(0x3C)  // <
            out.append(contentsOf: name.utf8)
            var attributes = element.attributes.map { ($0.qname, $0.value) }
            let parentNS = element.parent >= 0 ? document[element.parent].ns : ""
            if foreign && element.ns != parentNS { attributes.append(("xmlns", element.ns)) }
            for attribute in element.attributes where isURI(attribute.ns) {
                if let prefix = XMLTreeBuilder.split(attribute.qname).0,
                   !attributes.contains(where: { $0.0 == "xmlns:" + prefix }) {
                    attributes.append(("xmlns:" + prefix, attribute.ns))
                }
            }
            if attributes.count > 1 { attributes.sort(by: { $0.0 < $1.0 }) }
            for (qname, value) in attributes {
                out.append(0x20)
                out.append(contentsOf: qname.utf8)
                out.append(0x3D)  // =
                out.append(0x22)  // "
                escape(value, quote: true, to: &out)
                out.append(0x22)
            }
            if element.firstChild < 0, XMLTreeBuilder.voidHTMLElements.contains(element.lname) {
                out.append(contentsOf: " />".utf8)
                return
            }
            out.append(0x3E)  // >
            for grandchild in document.children(of: index) { append(grandchild, in: document, to: &out) }
            out.append(contentsOf: "</".utf8)
            out.append(contentsOf: name.utf8)
            out.append(0x3E)
        }
    }

    /// Unknown namespaces keep their URI as key; those are re-declared when serialised (SVG, MathML, XLink).
    private static func isURI(_ key: String) -> Bool { key.utf8.contains(0x3A) && key.contains(":") }

    static func escape(_ text: String, quote: Bool) -> String {
        var out: [UInt8] = []
        escape(text, quote: quote, to: &out)
        return ValidUTF8.string(out)
    }

    /// Appends `text` with `&`, `<`, `>` (and `"` when `quote`) escaped.
    static func escape(_ text: String, quote: Bool, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape($0, quote: quote, to: &out) }
    }

    /// Appends the UTF-8 `p` with `&`, `<`, `>` (and `"` when `quote`) escaped.
    static func escape(_ p: UnsafeBufferPointer<UInt8>, quote: Bool, to out: inout [UInt8]) {
        var runStart = 0
        for (k, byte) in p.enumerated() {
            let replacement: StaticString
            switch byte {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22 where quote: replacement = "&quot;"
            default: continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<k]))
            out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = k + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart...]))
    }
}
