/// What every format mapper needs: the tree, typed accessors that turn elements into trimmed text, HTML,
/// absolute links and dates, and the list of warnings for whatever could not be read.
struct MappingContext {
    let doc: XMLDocument
    var warnings: [ParseWarning] = []
    /// Field path prefix for warnings, e.g. `item[3]`.
    var location = "feed"

    init(doc: XMLDocument) {
        self.doc = doc
    }

    /// Element children of `e`.
    func children(_ e: Int) -> [Int] { doc.childElements(e) }

    /// Trimmed text content, or `nil` when empty.
    func text(_ e: Int) -> String? {
        let value = doc.withText(of: e, ASCIIText.trimmed)
        return value.isEmpty ? nil : value
    }

    /// A title in a vocabulary where it is text that is sometimes HTML (RSS, Dublin Core, Media RSS).
    func looseTitle(_ e: Int) -> TitleText.Given? {
        text(e).map { ($0, .looseHTML) }
    }

    /// Content that may be HTML: markup children are serialised back; text is returned as is (trimmed).
    func markup(_ e: Int) -> String? {
        let trimmed = doc.hasElementChildren(e)
            ? XMLSerializer.innerXMLBytes(of: e, in: doc).withUnsafeBufferPointer(ASCIIText.trimmed)
            : doc.withText(of: e, ASCIIText.trimmed)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// An attribute value, trimmed, or `nil` when missing or empty.
    func attribute(_ name: String, of e: Int, ns: String? = "") -> String? {
        guard let value = doc.attribute(name, ns: ns, of: e)?.trimmingASCIIWhitespace(), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// `reference` made absolute against the xml:base in effect at `e` (and so the feed URL); dangerous
    /// schemes (`javascript:`) are dropped with a warning.
    mutating func link(_ reference: String?, at e: Int, field: String) -> String? {
        guard let reference = reference?.trimmingASCIIWhitespace(), !reference.isEmpty else { return nil }
        if URLResolver.isDangerous(reference) {
            warn(field, reference, "unsafe link scheme dropped")
            return nil
        }
        return URLResolver.resolve(reference, against: doc[e].base)
    }

    /// The target of an Atom link, its `href` made absolute; an empty `href` is the base in effect at `e`
    /// (RFC 3986 §5.2: an empty reference resolves to its base, as feedparser reads it: an entry whose
    /// `xml:base` is its page says `<link href=""/>`). Nil when `e` has no `href`, or an empty one and no base.
    mutating func href(of e: Int, field: String) -> String? {
        guard let given = doc.attribute("href", ns: "", of: e) else { return nil }
        guard given.trimmingASCIIWhitespace().isEmpty else { return link(given, at: e, field: field) }
        guard let base = doc[e].base, !base.isEmpty else { return nil }
        return link(URLResolver.resolve("", against: base), at: e, field: field)
    }

    /// The date in `e`'s text, or `nil` with a warning when it cannot be read.
    mutating func date(_ e: Int, field: String) -> FeedDate? {
        guard let raw = text(e) else { return nil }
        if let date = DateParser.parse(raw) { return date }
        warn(field, raw, "unrecognised date")
        return nil
    }

    /// Relative `href`/`src` inside HTML content resolved against the base in effect at `e`.
    func resolvingLinks(inHTML html: String?, at e: Int) -> String? {
        guard let html, let base = doc[e].base else { return html }
        return HTMLURLRewriter.resolve(html, against: base)
    }

    mutating func warn(_ field: String, _ raw: String, _ reason: String) {
        guard warnings.count < 1_000 else { return }
        warnings.append(ParseWarning(field: "\(location).\(field)", rawValue: raw, reason: reason))
    }

    /// Whether `e` is in one of the namespaces and has the (lower-case) local name.
    func isElement(_ e: Int, _ namespaces: NamespaceSet, _ lname: String) -> Bool {
        doc[e].lname == lname && namespaces.contains(doc[e].ns)
    }
}
