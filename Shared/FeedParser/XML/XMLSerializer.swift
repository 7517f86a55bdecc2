/// Writes the children of an element back out as markup, for XHTML content and for HTML that a feed put
/// unescaped inside an RSS `description`.
enum XMLSerializer {
    /// The markup inside `index`; XHTML elements lose their prefix so the result is plain HTML.
    static func innerXML(of index: Int, in document: XMLDocument) -> String {
        var out = ""
        for child in document[index].children { append(child, in: document, to: &out) }
        return out
    }

    private static func append(_ child: XMLChild, in document: XMLDocument, to out: inout String) {
        switch child {
        case .text(let text):
            out += escape(text, quote: false)
        case .element(let index):
            let element = document[index]
            let foreign = isURI(element.ns)
            let name = element.ns == Namespaces.xhtml || foreign
                ? String(XMLTreeBuilder.split(element.qname).1) : element.qname
            out += "<" + name
            var attributes = element.attributes.map { ($0.qname, $0.value) }
            let parentNS = element.parent >= 0 ? document[element.parent].ns : ""
            if foreign && element.ns != parentNS { attributes.append(("xmlns", element.ns)) }
            for attribute in element.attributes where isURI(attribute.ns) {
                if let prefix = XMLTreeBuilder.split(attribute.qname).0,
                   !attributes.contains(where: { $0.0 == "xmlns:" + prefix }) {
                    attributes.append(("xmlns:" + prefix, attribute.ns))
                }
            }
            for (qname, value) in attributes.sorted(by: { $0.0 < $1.0 }) {
                out += " " + qname + "=\"" + escape(value, quote: true) + "\""
            }
            if element.children.isEmpty, XMLTreeBuilder.voidHTMLElements.contains(element.lname) {
                out += " />"
                return
            }
            out += ">"
            for grandchild in element.children { append(grandchild, in: document, to: &out) }
            out += "</" + name + ">"
        }
    }

    /// Unknown namespaces keep their URI as key; those are re-declared when serialised (SVG, MathML, XLink).
    private static func isURI(_ key: String) -> Bool { key.contains(":") }

    static func escape(_ text: String, quote: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quote && $0 == 0x22) }) else {
            return text
        }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x22 where quote: out += Array("&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
