import Foundation

/// Atom's building blocks (text constructs, person constructs, links) and the entry and feed children, shared by
/// the Atom mapper and by RSS feeds that borrow Atom elements (`atom:link`, `atom:author`, …).
enum AtomElements {
    /// A text construct as a string: `text` and `html` as written, `xhtml` (or 0.3 `mode="xml"`) serialised
    /// without its wrapper `div`, 0.3 `mode="base64"` decoded.
    static func textConstruct(_ e: Int, _ ctx: MappingContext) -> String? {
        let type = ctx.attribute("type", of: e)?.lowercased() ?? "text"
        let mode = ctx.attribute("mode", of: e)?.lowercased()
        let isMarkup = mentions(type, "html") || mode == "xml" || mode == "escaped"
        if mode == "base64" || isBase64Type(type) {
            guard let raw = ctx.text(e), let data = Data(base64Encoded: raw, options: .ignoreUnknownCharacters) else {
                return nil
            }
            let decoded = String(decoding: data, as: UTF8.self)
            return isMarkup || type.hasPrefix("text/") ? ctx.resolvingLinks(inHTML: decoded, at: e) : decoded
        }
        let value: String?
        let kids = ctx.children(e)
        if type == "xhtml" || (type == "application/xhtml+xml" && ctx.doc[e].ns == Namespaces.atom),
           kids.count == 1, ctx.doc[kids[0]].lname == "div" {
            let inner = XMLSerializer.innerXMLBytes(of: kids[0], in: ctx.doc).withUnsafeBufferPointer(ASCIIText.trimmed)
            value = inner.isEmpty ? nil : inner
        } else {
            value = ctx.markup(e)
        }
        return isMarkup ? ctx.resolvingLinks(inHTML: value, at: e) : value
    }

    /// A title: the text construct as given (what item identity hashes), marked as HTML when its type or mode
    /// says markup or when markup sits inline in it (Atom 0.3 feeds do that without a type).
    static func title(_ e: Int, _ ctx: MappingContext) -> TitleText.Given? {
        guard let given = textConstruct(e, ctx) else { return nil }
        let type = ctx.attribute("type", of: e)?.lowercased() ?? "text"
        let isMarkup = mentions(type, "html") || ctx.attribute("mode", of: e)?.lowercased() == "xml"
            || ctx.doc.hasElementChildren(e)
        return (given, isMarkup ? .html : .text)
    }

    /// Atom 1.0: a media type that is neither text nor XML means the element holds base64.
    private static func isBase64Type(_ type: String) -> Bool {
        guard mentions(type, "/") else { return false }
        return !(type.hasPrefix("text/") || type.hasSuffix("+xml") || type.hasSuffix("/xml")
            || mentions(type, "html"))
    }

    /// Whether `type` contains `word`, as Foundation's `contains` says; that goes through `NSString` and costs
    /// more than the rest of a text construct, so ASCII text (where a byte search agrees with it) is searched
    /// here.
    private static func mentions(_ type: String, _ word: String) -> Bool {
        guard !word.isEmpty, ASCIIText.isASCII(type), ASCIIText.isASCII(word) else { return type.contains(word) }
        let text = Array(type.utf8), needle = Array(word.utf8)
        guard needle.count <= text.count else { return false }
        for start in 0...(text.count - needle.count) where text[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// `<author>`/`<contributor>`: name, email, uri (0.3: url); a bare text body is taken as the name.
    static func person(_ e: Int, _ ctx: MappingContext) -> FeedAuthor? {
        var author = FeedAuthor()
        for child in ctx.children(e) {
            switch ctx.doc[child].lname {
            case "name": author.name = ctx.text(child)
            case "email": author.email = ctx.text(child)
            case "uri", "url", "homepage": author.url = ctx.text(child).map { URLResolver.resolve($0, against: ctx.doc[child].base) }
            default: break
            }
        }
        if author.isEmpty, !ctx.doc.hasElementChildren(e), let text = ctx.text(e) { return PersonParsing.parse(text) }
        return author.isEmpty ? nil : author
    }

    /// Applies one Atom child of an entry (or of an RSS item borrowing Atom); ranks start at `base`.
    static func applyToEntry(_ e: Int, _ ctx: inout MappingContext, _ item: inout ItemDraft, base: Int) {
        switch ctx.doc[e].lname {
        case "id": item.id.offer(ctx.text(e).map { ($0, .atomID) }, rank: base + 1)
        case "title": item.title.offer(title(e, ctx), rank: base)
        case "link": link(e, &ctx, &item, base: base)
        case "author": item.authors.append(person(e, ctx), rank: base + 1)
        case "published", "issued": item.published.offer(ctx.date(e, field: ctx.doc[e].qname), rank: base)
        case "created": item.published.offer(ctx.date(e, field: ctx.doc[e].qname), rank: base + 2)
        case "updated", "modified": item.updated.offer(ctx.date(e, field: ctx.doc[e].qname), rank: base)
        case "summary": item.summary.offer(textConstruct(e, ctx), rank: base)
        case "content":
            if ctx.attribute("src", of: e) == nil {
                item.content.offer(textConstruct(e, ctx), rank: base + 2)
            }
        case "category": item.addCategory(ctx.attribute("term", of: e) ?? ctx.attribute("label", of: e) ?? ctx.text(e))
        default: break
        }
    }

    private static func link(_ e: Int, _ ctx: inout MappingContext, _ item: inout ItemDraft, base: Int) {
        let rel = ctx.attribute("rel", of: e)?.lowercased() ?? "alternate"
        switch rel {
        case "alternate", "http://www.iana.org/assignments/relation/alternate":
            guard let href = ctx.href(of: e, field: "link") ?? ctx.link(ctx.text(e), at: e, field: "link") else {
                return
            }
            let type = ctx.attribute("type", of: e)?.lowercased()
            let isHTML = type == nil || mentions(type!, "html")
            item.link.offer(href, rank: base + (isHTML ? 1 : 2))
        case "enclosure":
            // An empty address is no enclosure (publishers leave it so), not the entry's page as a media file.
            guard let href = ctx.link(ctx.attribute("href", of: e) ?? ctx.text(e), at: e, field: "link") else { return }
            item.addEnclosure(FeedEnclosure(url: href, mimeType: ctx.attribute("type", of: e),
                                            length: ctx.attribute("length", of: e).flatMap { Int64($0) }))
        default: break
        }
    }

    /// Applies one Atom child of a feed (or of an RSS channel borrowing Atom); ranks start at `base`.
    static func applyToFeed(_ e: Int, _ ctx: inout MappingContext, _ feed: inout FeedDraft, base: Int) {
        switch ctx.doc[e].lname {
        case "title": feed.title.offer(title(e, ctx), rank: base)
        case "subtitle", "tagline": feed.description.offer(textConstruct(e, ctx), rank: base)
        case "link":
            let rel = ctx.attribute("rel", of: e)?.lowercased() ?? "alternate"
            if rel == "self" { feed.selfLink.offer(ctx.href(of: e, field: "link"), rank: base) }
            guard rel == "alternate" else { return }
            let type = ctx.attribute("type", of: e)?.lowercased()
            let isHTML = type == nil || mentions(type!, "html")
            feed.link.offer(ctx.href(of: e, field: "link"), rank: base + (isHTML ? 1 : 2))
        case "icon": feed.icon.offer(ctx.link(ctx.text(e), at: e, field: "icon"), rank: base + 2)
        case "logo": feed.icon.offer(ctx.link(ctx.text(e), at: e, field: "logo"), rank: base + 3)
        case "updated", "modified": feed.updated.offer(ctx.date(e, field: ctx.doc[e].qname), rank: base)
        case "author": feed.authors.append(person(e, ctx), rank: base + 1)
        default: break
        }
    }
}
