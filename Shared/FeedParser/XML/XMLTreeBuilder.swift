import Foundation

/// A tolerant, non-validating XML scanner that builds an ``XMLDocument`` straight from UTF-8 bytes.
///
/// It accepts what libxml2 rejects in real feeds: undeclared HTML entities, raw `&`, unquoted attributes,
/// mismatched or missing end tags, unclosed CDATA, truncation. It never fetches anything (external DTDs and
/// entities are ignored), expands internal entities one level only within a byte budget, and bounds depth
/// and element count, so hostile input costs linear time and bounded memory.
struct XMLTreeBuilder {
    struct Limits {
        var maxDepth: Int
        var maxElements: Int
        var maxEntityExpansionBytes: Int
    }

    enum Failure: Error {
        case tooDeep(Int)
        case tooManyElements(Int)
    }

    var document = XMLDocument()
    let limits: Limits
    let documentURL: String?
    /// Open elements (indices into the document), innermost last.
    var stack: [Int] = []
    /// The name (an id into ``names``) of each open element and how many prefixes it declared, in step with
    /// ``stack``.
    var openFrames: [(name: Int, declared: Int)] = []
    var names = NameTable()
    /// Namespace bindings in scope, a stack of keys per prefix id of ``names`` (0 is the default namespace), so
    /// that a lookup costs one index whatever the number of declarations.
    var scopes: [[String]] = [[], [Namespaces.xml]]
    /// Per prefix id, the key it stands for while undeclared, worked out once.
    var undeclaredKeys: [String] = [Namespaces.key(forUndeclaredPrefix: ""), Namespaces.key(forUndeclaredPrefix: "xml")]
    /// The prefix ids the open elements declared, innermost last, to pop when they close.
    var declaredPrefixes: [Int] = []
    /// Per prefix id, the element that declared it last, so a repeated declaration in one tag is ignored in O(1).
    var declaringElement: [Int] = [-1, -1]
    /// How many open elements carry each lower-cased name (by id), so a stray end tag is dismissed in O(1).
    var openNames: [Int] = []
    /// The attributes of the tag being read: name id and decoded value (kept to reuse its storage).
    var rawAttributes: [(name: Int, value: String)] = []
    var nsCache: [String: String] = [:]
    var dtdEntities: [String: String] = [:]
    var expandedBytes = 0
    var rootClosed = false
    /// Whether to keep reading after the root element closes (OPML recovery wants every fragment).
    var continueAfterRoot = false
    var scratch: [UInt8] = []
    var warnedAboutEndTags = false

    init(limits: Limits, documentURL: String?) {
        self.limits = limits
        self.documentURL = documentURL
    }

    /// Parses the whole buffer, which must be valid UTF-8 (the strings of the tree are made from its bytes
    /// without checking them again, see ``ValidUTF8``).
    mutating func parse(_ p: UnsafeBufferPointer<UInt8>) throws(Failure) {
        let n = p.count
        // Text is most of a feed: room for all of it at once instead of copying it at every doubling. Pages
        // never written are never touched, so a document that is mostly markup does not pay for this.
        document.characters.reserveCapacity(n)
        var i = 0
        while i < n, !rootClosed {
            let start = i
            i = ByteSearch.first(0x3C, in: p, from: i) ?? n
            if i > start, !stack.isEmpty { appendText(p, start..<i, raw: false) }
            guard i < n else { break }
            let next: UInt8 = i + 1 < n ? p[i + 1] : 0
            switch next {
            case 0x2F: i = endTag(p, at: i)
            case 0x21: i = markupDeclaration(p, at: i)
            case 0x3F: i = skip(p, from: i + 2, past: "?>")
            default:
                if Self.isNameStart(next) {
                    i = try startTag(p, at: i)
                } else {
                    if !stack.isEmpty { appendLiteral(0x3C) }  // a "<" that starts no tag
                    i += 1
                }
            }
        }
        if !stack.isEmpty {
            document.truncated = true
            let open = document.elements[stack[0]].qname
            document.warnings.append(ParseWarning(field: "document", rawValue: "<\(open)>",
                                                  reason: "document ended before its root element was closed"))
        }
    }

    // MARK: Names and namespaces

    mutating func namespaceKey(_ uri: String) -> String {
        if let cached = nsCache[uri] { return cached }
        let key = Namespaces.key(forURI: uri)
        nsCache[uri] = key
        return key
    }

    /// The namespace key bound to a prefix id; an undeclared prefix keys itself (see ``Namespaces``).
    func resolve(prefix: Int) -> String {
        if let key = scopes[prefix].last { return key }
        return undeclaredKeys[prefix]
    }

    static func split(_ qname: String) -> (Substring?, Substring) {
        guard let colon = qname.firstIndex(of: ":") else { return (nil, qname[...]) }
        return (qname[..<colon], qname[qname.index(after: colon)...])
    }

    static func lower(_ s: Substring) -> String {
        s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? s.lowercased() : String(s)
    }

    static let voidHTMLElements: Set<String> = ["br", "img", "hr", "input", "wbr", "area", "col", "embed", "param"]

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    @inline(__always) static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x5F || c == 0x3A || c >= 0x80
    }

    @inline(__always) static func isNameChar(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
    }

    @inline(__always) static func isAttributeNameEnd(_ c: UInt8) -> Bool {
        isSpace(c) || c == 0x3D || c == 0x3E || c == 0x2F || c == 0x3C
    }
}
