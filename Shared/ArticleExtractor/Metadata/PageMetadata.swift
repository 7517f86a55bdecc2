import Foundation

/// What a page says about its article before its content is looked at: JSON-LD first, then `<meta>` tags
/// (Dublin Core, Open Graph, Twitter, Parse.ly), then the `<title>`.
struct PageMetadata {
    var title: String
    var author: String?
    var excerpt: String?
    var siteName: String?
    var published: String?
    var leadImage: String?
    var language: String?
    /// The address relative links resolve against: `<base href>` resolved against the page's own address.
    var baseURL: URL?

    init(document: Document, jsonLD scripts: [String], pageURL: URL?) {
        let elements = Elements(document)
        let meta = MetaTags(document, elements.meta)
        let documentTitle = Self.documentTitle(document, elements)
        let json = JSONLDArticle.first(in: scripts)

        var jsonTitle: String?
        if let name = json?.name, let headline = json?.headline, name != headline {
            let cleaned = Self.cleanTitle(documentTitle, document, elements)
            let nameMatches = TextSimilarity.similarity(name, cleaned) > 0.75
            let headlineMatches = TextSimilarity.similarity(headline, cleaned) > 0.75
            jsonTitle = headlineMatches && !nameMatches ? headline : name
        } else {
            jsonTitle = json?.name ?? json?.headline
        }
        title = jsonTitle
            ?? meta.first("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                          "twitter:title", "parsely-title")
            ?? Self.cleanTitle(documentTitle, document, elements)

        let metaAuthor = meta.values["article:author"].flatMap { URL(string: $0)?.scheme == nil ? $0 : nil }
        author = json.flatMap { $0.authors.isEmpty ? nil : $0.authors.joined(separator: ", ") }
            ?? meta.first("dc:creator", "dcterm:creator", "author", "parsely-author", "sailthru:author")
            ?? metaAuthor
        excerpt = json?.description
            ?? meta.first("dc:description", "dcterm:description", "og:description", "weibo:article:description",
                          "weibo:webpage:description", "description", "twitter:description")
        siteName = meta.first("og:site_name") ?? json?.publisherName ?? meta.first("application-name")
        published = json?.datePublished
            ?? meta.first("article:published_time", "parsely-pub-date", "datepublished", "date", "pubdate",
                          "publishdate", "dc:date", "dc:date:issued", "dcterm:created", "sailthru:date",
                          "article:published", "og:published_time")
            ?? elements.time.first {
                (document.attribute($0, "itemprop") ?? "").lowercased().contains("datepublished")
                    || document.attribute($0, "pubdate") != nil
            }.flatMap { document.attribute($0, "datetime") }
        leadImage = meta.first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
            ?? json?.image
            ?? elements.link.first { document.attribute($0, "rel")?.lowercased() == "image_src" }
                .flatMap { document.attribute($0, "href") }

        let html = elements.html.first
        language = html.flatMap { document.attribute($0, "lang")?.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
            ?? meta.first("http-equiv:content-language")
            ?? meta.first("og:locale").map { $0.replacingOccurrences(of: "_", with: "-") }

        baseURL = pageURL
        if let base = elements.base.first(where: { document.attribute($0, "href") != nil }),
           let href = document.attribute(base, "href"), let resolved = URLResolver.resolve(href, against: pageURL) {
            baseURL = resolved
        }
    }

    private static func documentTitle(_ document: Document, _ elements: Elements) -> String {
        guard let title = elements.title.first else { return "" }
        return document.textContent(title).trimmingSpaces()
    }

    private static func cleanTitle(_ title: String, _ document: Document, _ elements: Elements) -> String {
        let headings = elements.headings.map { document.textContent($0).trimmingSpaces() }
        let h1s = elements.headings.filter { document.tag($0) == .h1 }
        let onlyH1 = h1s.count == 1 ? document.innerText(h1s[0]) : nil
        return TitleCleaner.clean(title, headings: headings, onlyH1: onlyH1)
    }

    /// The elements the metadata reads, each kind in page order, found in one walk of the page.
    private struct Elements {
        var meta: [Int32] = []
        var title: [Int32] = []
        /// `<h1>` and `<h2>`.
        var headings: [Int32] = []
        var time: [Int32] = []
        var link: [Int32] = []
        var html: [Int32] = []
        var base: [Int32] = []

        init(_ document: Document) {
            for element in document.elements(in: document.root, tags: [.meta, .title, .h1, .h2, .time, .link, .html, .base]) {
                switch document.tag(element) {
                case .meta: meta.append(element)
                case .title: title.append(element)
                case .h1, .h2: headings.append(element)
                case .time: time.append(element)
                case .link: link.append(element)
                case .html: html.append(element)
                default: base.append(element)
                }
            }
        }
    }
}
