/// RSS 0.9x, 1.0 (RDF) and 2.0 to the common model; only direct children of a channel or item are read, so
/// markup nested in extensions (an `<image>` inside an item, a `<title>` inside `s:variant`) cannot leak into
/// the item's own fields.
enum RSSMapper {
    static func map(_ ctx: inout MappingContext, root: Int) -> (FeedDraft, [ItemDraft]) {
        let feed = self.feed(&ctx, root: root)
        var items: [ItemDraft] = []
        for index in itemElements(ctx, root: root) {
            ctx.location = "item[\(items.count)]"
            items.append(item(index, &ctx))
        }
        ctx.location = "feed"
        return (feed, items)
    }

    /// The channel's own fields, without reading any item.
    static func feed(_ ctx: inout MappingContext, root: Int) -> FeedDraft {
        var feed = FeedDraft()
        let channel = ctx.children(root).first { ctx.isElement($0, Namespaces.rssCore, "channel") }
        if let channel {
            for child in ctx.children(channel) { applyToChannel(child, &ctx, &feed) }
        }
        // RSS 1.0 / 0.90 keep image and items beside the channel.
        for child in ctx.children(root) where child != channel {
            if ctx.isElement(child, Namespaces.rssCore, "image") { applyImage(child, &ctx, &feed) }
        }
        if channel == nil { for child in ctx.children(root) { applyToChannel(child, &ctx, &feed) } }
        feed.language.offer(ctx.doc[channel ?? root].lang, rank: 9)
        return feed
    }

    /// Every `<item>` in document order that is not inside another item.
    static func itemElements(_ ctx: MappingContext, root: Int) -> [Int] {
        var result: [Int] = []
        var stack = [root]
        while let e = stack.popLast() {
            for child in ctx.children(e).reversed() {
                if ctx.isElement(child, Namespaces.rssCore, "item") { result.append(child) }
                else if ctx.doc[child].ns.isEmpty || Namespaces.rssCore.contains(ctx.doc[child].ns) { stack.append(child) }
            }
        }
        return result.sorted()
    }

    private static func applyToChannel(_ e: Int, _ ctx: inout MappingContext, _ feed: inout FeedDraft) {
        let ns = ctx.doc[e].ns
        if Namespaces.rssCore.contains(ns) {
            switch ctx.doc[e].lname {
            case "title": feed.title.offer(ctx.looseTitle(e), rank: 0)
            case "link": feed.link.offer(ctx.link(ctx.text(e) ?? ctx.attribute("href", of: e), at: e, field: "link"), rank: 0)
            case "description": feed.description.offer(ctx.markup(e), rank: 0)
            case "language": feed.language.offer(ctx.text(e), rank: 0)
            case "lastbuilddate": feed.updated.offer(ctx.date(e, field: "lastBuildDate"), rank: 0)
            case "pubdate": feed.updated.offer(ctx.date(e, field: "pubDate"), rank: 4)
            case "image": applyImage(e, &ctx, &feed)
            case "author": feed.authors.offer(ctx.text(e).flatMap(PersonParsing.parse).map { [$0] }, rank: 0)
            case "managingeditor": feed.authors.offer(ctx.text(e).flatMap(PersonParsing.parse).map { [$0] }, rank: 1)
            case "webmaster": feed.authors.offer(ctx.text(e).flatMap(PersonParsing.parse).map { [$0] }, rank: 2)
            case "ttl": feed.ttl.offer(UpdateScheduleElements.ttl(e, &ctx), rank: 0)
            default: break
            }
        } else if Namespaces.anyAtom.contains(ns) {
            AtomElements.applyToFeed(e, &ctx, &feed, base: 10)
        } else {
            ExtensionElements.applyToFeed(e, &ctx, &feed)
        }
    }

    private static func applyImage(_ e: Int, _ ctx: inout MappingContext, _ feed: inout FeedDraft) {
        let url = ctx.children(e).first { ctx.isElement($0, Namespaces.rssCore, "url") }
        let raw = url.flatMap { ctx.text($0) } ?? ctx.attribute("about", of: e, ns: Namespaces.rdf)
        feed.icon.offer(ctx.link(raw, at: url ?? e, field: "image.url"), rank: 0)
    }

    private static func item(_ e: Int, _ ctx: inout MappingContext) -> ItemDraft {
        var item = ItemDraft()
        if let about = ctx.attribute("about", of: e, ns: Namespaces.rdf) {
            item.id.offer((about, .rdfAbout), rank: 4)
            item.link.offer(ctx.link(about, at: e, field: "rdf:about"), rank: 8)
        }
        for child in ctx.children(e) {
            let ns = ctx.doc[child].ns
            if Namespaces.rssCore.contains(ns) {
                applyCore(child, &ctx, &item)
            } else if Namespaces.anyAtom.contains(ns) {
                AtomElements.applyToEntry(child, &ctx, &item, base: 10)
            } else {
                ExtensionElements.applyToItem(child, &ctx, &item)
            }
        }
        return item
    }

    private static func applyCore(_ e: Int, _ ctx: inout MappingContext, _ item: inout ItemDraft) {
        switch ctx.doc[e].lname {
        case "title": item.title.offer(ctx.looseTitle(e), rank: 0)
        case "link": item.link.offer(ctx.link(ctx.text(e) ?? ctx.attribute("href", of: e), at: e, field: "link"), rank: 0)
        case "guid":
            guard let guid = ctx.text(e) else { return }
            item.id.offer((guid, .guid), rank: 0)
            let isPermaLink = ctx.attribute("ispermalink", of: e)?.lowercased() != "false"
            if isPermaLink, guid.hasPrefix("http://") || guid.hasPrefix("https://") {
                item.link.offer(ctx.link(guid, at: e, field: "guid"), rank: 7)
            }
        case "description": item.summary.offer(ctx.resolvingLinks(inHTML: ctx.markup(e), at: e), rank: 0)
        case "author":
            // Some feeds put an Atom-style person (name, title, email) in a plain RSS <author>.
            let person = ctx.doc.hasElementChildren(e) ? AtomElements.person(e, ctx) : ctx.text(e).flatMap(PersonParsing.parse)
            item.authors.append(person, rank: 0)
        case "pubdate": item.published.offer(ctx.date(e, field: "pubDate"), rank: 0)
        case "category": item.addCategory(ctx.text(e))
        case "categories":
            for child in ctx.children(e) where ctx.doc[child].lname == "category" { item.addCategory(ctx.text(child)) }
        case "tags": for tag in (ctx.text(e) ?? "").split(separator: ",") { item.addCategory(String(tag)) }
        case "body": item.content.offer(ctx.resolvingLinks(inHTML: ctx.markup(e), at: e), rank: 2)
        case "fullitem": item.content.offer(ctx.resolvingLinks(inHTML: ctx.markup(e), at: e), rank: 3)
        case "enclosure":
            guard let url = ctx.link(ctx.attribute("url", of: e), at: e, field: "enclosure") else { return }
            let length = ctx.attribute("length", of: e)
            item.addEnclosure(FeedEnclosure(url: url, mimeType: ctx.attribute("type", of: e),
                                            length: length.flatMap { Int64($0) }))
        default: break
        }
    }
}
