/// One `<outline>` of an OPML file: a feed (it has an `xmlUrl`) or a folder of further outlines.
public struct OPMLOutline: Sendable, Hashable, Codable {
    /// The `text` attribute (OPML's required display text), if present and non-empty.
    public var text: String?
    /// The `title` attribute, if present and non-empty.
    public var title: String?
    /// The feed URL (`xmlUrl`); `nil` for a folder or a plain note.
    public var xmlURL: String?
    /// The site URL (`htmlUrl`), if any.
    public var htmlURL: String?
    /// The `type` attribute (`rss`, `atom`, `link`, …), if any.
    public var type: String?
    /// Entries of the `category` attribute (comma-separated, leading `/` dropped).
    public var categories: [String]
    /// Nested outlines.
    public var children: [OPMLOutline]

    /// Makes an outline.
    public init(
        text: String? = nil, title: String? = nil, xmlURL: String? = nil, htmlURL: String? = nil,
        type: String? = nil, categories: [String] = [], children: [OPMLOutline] = []
    ) {
        self.text = text
        self.title = title
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.type = type
        self.categories = categories
        self.children = children
    }

    /// Whether this outline subscribes to a feed.
    public var isFeed: Bool { xmlURL != nil }

    /// The name a person expects to see: for a feed `title`, else `text`; for a folder `text`, else `title`
    /// (exporters put the folder name in `text`, and some put junk in a folder's `title`).
    public var displayName: String {
        (isFeed ? (title ?? text) : (text ?? title)) ?? xmlURL ?? ""
    }
}

/// A feed subscription flattened out of an OPML tree, with the folders it sat in, which is what an importer
/// stores (folders become tags).
public struct OPMLSubscription: Sendable, Hashable, Codable {
    /// Display name (see ``OPMLOutline/displayName``).
    public var title: String
    /// The feed URL.
    public var xmlURL: String
    /// The site URL, if any.
    public var htmlURL: String?
    /// Names of the enclosing folders, outermost first.
    public var folderPath: [String]
    /// Categories from the outline's `category` attribute.
    public var categories: [String]

    /// Makes a subscription.
    public init(title: String, xmlURL: String, htmlURL: String? = nil, folderPath: [String] = [],
                categories: [String] = []) {
        self.title = title
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.folderPath = folderPath
        self.categories = categories
    }

    /// Folder names and categories together, without duplicates: the tags an importer should attach.
    public var tags: [String] {
        var seen = Set<String>()
        return (folderPath + categories).filter { seen.insert($0).inserted }
    }
}

/// A read OPML file.
public struct OPMLDocument: Sendable, Hashable, Codable {
    /// `<head><title>`, if any.
    public var title: String?
    /// Top-level outlines, in document order.
    public var outlines: [OPMLOutline]
    /// What the reader recovered from (raw `&`, truncation, missing `<body>`).
    public var warnings: [ParseWarning]
    /// The elements of other namespaces in `<head>`, in document order.
    public var extensions: [OPMLExtension]

    /// Makes a document.
    public init(
        title: String? = nil, outlines: [OPMLOutline] = [], warnings: [ParseWarning] = [],
        extensions: [OPMLExtension] = []
    ) {
        self.title = title
        self.outlines = outlines
        self.warnings = warnings
        self.extensions = extensions
    }

    /// Every feed in the tree, depth first, with its folder path; the same URL twice is kept once (first wins).
    public var subscriptions: [OPMLSubscription] {
        var result: [OPMLSubscription] = []
        var seen = Set<String>()
        var stack: [(OPMLOutline, [String])] = outlines.reversed().map { ($0, []) }
        while let (outline, path) = stack.popLast() {
            if let url = outline.xmlURL {
                if seen.insert(url).inserted {
                    result.append(OPMLSubscription(title: outline.displayName, xmlURL: url, htmlURL: outline.htmlURL,
                                                   folderPath: path, categories: outline.categories))
                }
            }
            let childPath = outline.isFeed ? path : path + [outline.displayName]
            stack += outline.children.reversed().map { ($0, childPath) }
        }
        return result
    }
}
