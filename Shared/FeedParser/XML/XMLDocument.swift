/// An attribute with its namespace resolved to a canonical key (see ``Namespaces``).
struct XMLAttribute {
    /// The name as written, with its prefix (`xml:base`, `rdf:about`, `href`).
    var qname: String
    /// The local name, lower-cased.
    var lname: String
    /// Canonical namespace key; `""` for unprefixed attributes.
    var ns: String
    /// The value with references decoded.
    var value: String
}

/// A child of an element: another element (by index into ``XMLDocument/elements``) or a run of text.
enum XMLChild {
    case element(Int)
    /// Character data with references decoded: a range of ``XMLDocument/characters``.
    case text(Range<Int>)
}

/// One element of the tree, stored in an array (an arena) so that deep or huge documents cost no recursion
/// when freed and little allocation when built.
struct XMLElement {
    /// The name as written, with its prefix.
    var qname: String
    /// The local name, lower-cased (feed vocabularies are matched case-insensitively, as feedparser does).
    var lname: String
    /// Canonical namespace key; `""` for no namespace.
    var ns: String
    var attributes: [XMLAttribute]
    /// The first and last of its children, as indices into ``XMLDocument/nodes`` (-1: none), which link the
    /// rest: no array per element.
    var firstChild = -1
    var lastChild = -1
    var parent: Int
    /// The effective xml:base (absolute when it could be resolved), inherited from ancestors.
    var base: String?
    /// The effective xml:lang, inherited from ancestors.
    var lang: String?
}

/// The tolerant parse tree of an XML (or XML-ish) document.
struct XMLDocument {
    var elements: [XMLElement] = []
    /// The children of every element, each linked to its next sibling (see ``children(of:)``).
    var nodes: [XMLNode] = []
    /// The character data of every text run, one after the other: the tree keeps ranges of it, and strings are
    /// made only from the runs a mapper reads, trimmed first (most runs are the whitespace between tags).
    var characters: [UInt8] = []
    /// Index of the root element, if the document had one.
    var root: Int?
    /// The 1-based line the root element's start tag is on, for an error that names the root.
    var rootLine: Int?
    /// Top-level elements after the root (junk after a feed, or the pieces of a truncated OPML file).
    var extraRoots: [Int] = []
    /// Whether the document ended with elements still open (a truncated download).
    var truncated = false
    /// Every namespace key declared anywhere (format detection needs the default namespace of an empty root).
    var declaredNamespaces: Set<String> = []
    var warnings: [ParseWarning] = []

    subscript(_ index: Int) -> XMLElement {
        _read { yield elements[index] }
    }

    /// The value of the attribute with local name `lname` (lower-case) in namespace `ns` (`nil`: any).
    func attribute(_ lname: String, ns: String? = "", of index: Int) -> String? {
        for attribute in elements[index].attributes where attribute.lname == lname {
            if ns == nil || attribute.ns == ns! { return attribute.value }
        }
        return nil
    }

    /// All text below `index`, concatenated in document order (markup dropped).
    func text(of index: Int) -> String {
        withText(of: index) { ValidUTF8.string($0) }
    }

    /// Calls `body` with the UTF-8 of all text below `index`, concatenated in document order (markup dropped);
    /// an element holding a single run (the usual case) lends it without a copy.
    func withText<R>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let first = elements[index].firstChild
        if first >= 0, first == elements[index].lastChild, case .text(let run) = nodes[first].child {
            return characters.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[run])) }
        }
        var out: [UInt8] = []
        appendText(of: index, to: &out)
        return out.withUnsafeBufferPointer(body)
    }

    private func appendText(of index: Int, to out: inout [UInt8]) {
        for child in children(of: index) {
            switch child {
            case .text(let run): out.append(contentsOf: characters[run])
            case .element(let e): appendText(of: e, to: &out)
            }
        }
    }
}
