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
        let meta = MetaTags(document)
        let documentTitle = Self.documentTitle(document)
        let json = JSONLDArticle.first(in: scripts)

        var jsonTitle: String?
        if let name = json?.name, let headline = json?.headline, name != headline {
            let cleaned = Self.cleanTitle(documentTitle, document)
            let nameMatches = TextSimilarity.similarity(name, cleaned) > 0.75
            let headlineMatches = TextSimilarity.similarity(headline, cleaned) > 0.75
            jsonTitle = headlineMatches && !nameMatches ? headline : name
        } else {
            jsonTitle = json?.name ?? json?.headline
        }
        title = jsonTitle
            ?? meta.first("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                          "twitter:title", "parsely-title")
            ?? Self.cleanTitle(documentTitle, document)

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
            ?? document.elements(in: document.root, tag: .time).first {
                (document.attribute($0, "itemprop") ?? "").lowercased().contains("datepublished")
                    || document.attribute($0, "pubdate") != nil
            }.flatMap { document.attribute($0, "datetime") }
        leadImage = meta.first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
            ?? json?.image
            ?? document.elements(in: document.root, tag: .link).first { document.attribute($0, "rel")?.lowercased() == "image_src" }
                .flatMap { document.attribute($0, "href") }

        let html = document.elements(in: document.root, tag: .html).first
        language = html.flatMap { document.attribute($0, "lang")?.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
            ?? meta.first("http-equiv:content-language")
            ?? meta.first("og:locale").map { $0.replacingOccurrences(of: "_", with: "-") }

        baseURL = pageURL
        if let base = document.elements(in: document.root, tag: .base).first(where: { document.attribute($0, "href") != nil }),
           let href = document.attribute(base, "href"), let resolved = URLResolver.resolve(href, against: pageURL) {
            baseURL = resolved
        }
    }

    private static func documentTitle(_ document: Document) -> String {
        guard let title = document.elements(in: document.root, tag: .title).first else { return "" }
        return document.textContent(title).trimmingSpaces()
    }

    private static func cleanTitle(_ title: String, _ document: Document) -> String {
        let headings = document.elements(in: document.root, tags: [.h1, .h2]).map { document.textContent($0).trimmingSpaces() }
        let h1s = document.elements(in: document.root, tag: .h1)
        let onlyH1 = h1s.count == 1 ? document.innerText(h1s[0]) : nil
        return TitleCleaner.clean(title, headings: headings, onlyH1: onlyH1)
    }
}
