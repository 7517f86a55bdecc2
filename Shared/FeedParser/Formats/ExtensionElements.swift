/// Dublin Core, `content:encoded`, Media RSS, iTunes, FeedBurner and inline XHTML, read the same way whatever
/// the host format, with ranks that put each below the host format's own elements.
enum ExtensionElements {
    /// Applies one child of an item or entry; returns whether it was recognised.
    @discardableResult
    static func applyToItem(_ e: Int, _ ctx: inout MappingContext, _ item: inout ItemDraft) -> Bool {
        let element = ctx.doc[e]
        switch (element.ns, element.lname) {
        case (Namespaces.content, "encoded"):
            item.content.offer(ctx.resolvingLinks(inHTML: ctx.text(e), at: e), rank: 0)
        case (Namespaces.xhtml, "body"), (Namespaces.xhtml, "div"):
            item.content.offer(ctx.resolvingLinks(inHTML: ctx.markup(e), at: e), rank: 1)
        case (Namespaces.dc, "title"): item.title.offer(ctx.looseTitle(e), rank: 5)
        case (Namespaces.dc, "description"): item.summary.offer(ctx.markup(e), rank: 5)
        case (Namespaces.dc, "identifier"): item.id.offer(ctx.text(e).map { ($0, .guid) }, rank: 5)
        case (Namespaces.dc, "creator"), (Namespaces.dc, "author"):
            item.authors.append(ctx.text(e).flatMap(PersonParsing.parse), rank: 2)
        case (Namespaces.dc, "date"): item.updated.offer(ctx.date(e, field: "dc:date"), rank: 5)
        case (Namespaces.dcterms, "modified"): item.updated.offer(ctx.date(e, field: "dcterms:modified"), rank: 3)
        case (Namespaces.dcterms, "issued"): item.published.offer(ctx.date(e, field: "dcterms:issued"), rank: 3)
        case (Namespaces.dcterms, "created"): item.published.offer(ctx.date(e, field: "dcterms:created"), rank: 4)
        case (Namespaces.dc, "subject"): item.addCategory(ctx.text(e))
        case (Namespaces.itunes, "author"):
            item.authors.offer(ctx.text(e).map { [FeedAuthor(name: $0)] }, rank: 6)
        case (Namespaces.itunes, "summary"): item.summary.offer(ctx.text(e), rank: 6)
        case (Namespaces.itunes, "subtitle"): item.summary.offer(ctx.text(e), rank: 7)
        case (Namespaces.itunes, "image"):
            let raw = ctx.attribute("href", of: e) ?? ctx.attribute("url", of: e) ?? ctx.text(e)
            item.thumbnail.offer(ctx.link(raw, at: e, field: "itunes:image"), rank: 1)
        case (Namespaces.itunes, "category"):
            var stack = [e]
            while let category = stack.popLast() {
                item.addCategory(ctx.attribute("text", of: category))
                stack += ctx.children(category).reversed().filter { ctx.doc[$0].lname == "category" }
            }
        case (Namespaces.itunes, "duration"):
            if let raw = ctx.text(e) {
                if let seconds = Duration.seconds(raw) { item.duration.offer(seconds, rank: 0) }
                else { ctx.warn("itunes:duration", raw, "unrecognised duration") }
            }
        case (Namespaces.media, _):
            applyMedia(e, &ctx, &item)
        case (Namespaces.feedburner, "origlink"):
            item.originLink.offer(ctx.link(ctx.text(e), at: e, field: "feedburner:origLink"), rank: 0)
        default:
            return false
        }
        return true
    }

    /// Media RSS: `media:content`, `media:thumbnail`, `media:title`, `media:description`, `media:group`.
    static func applyMedia(_ e: Int, _ ctx: inout MappingContext, _ item: inout ItemDraft) {
        switch ctx.doc[e].lname {
        case "group":
            for child in ctx.children(e) where ctx.doc[child].ns == Namespaces.media { applyMedia(child, &ctx, &item) }
        case "content":
            guard let url = ctx.link(ctx.attribute("url", of: e), at: e, field: "media:content") else { return }
            let type = ctx.attribute("type", of: e)
            let medium = ctx.attribute("medium", of: e)
            // Images are illustrations (a thumbnail), not media to play or download.
            if medium == "image" || type?.hasPrefix("image/") == true || (medium == nil && type == nil && isImageURL(url)) {
                item.thumbnail.offer(url, rank: 2)
                for child in ctx.children(e) where ctx.doc[child].ns == Namespaces.media { applyMedia(child, &ctx, &item) }
                return
            }
            item.addEnclosure(FeedEnclosure(
                url: url, mimeType: type, length: ctx.attribute("filesize", of: e).flatMap { Int64($0) },
                durationSeconds: ctx.attribute("duration", of: e).flatMap(Duration.seconds)))
            for child in ctx.children(e) where ctx.doc[child].ns == Namespaces.media { applyMedia(child, &ctx, &item) }
        case "thumbnail":
            item.thumbnail.offer(ctx.link(ctx.attribute("url", of: e), at: e, field: "media:thumbnail"), rank: 0)
        case "title": item.title.offer(ctx.looseTitle(e), rank: 7)
        case "category": item.addCategory(ctx.text(e))
        case "description": item.summary.offer(ctx.markup(e), rank: 8)
        default: break
        }
    }

    private static func isImageURL(_ url: String) -> Bool {
        let path = url.split(separator: "?").first.map { $0.lowercased() } ?? ""
        return [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains { path.hasSuffix($0) }
    }

    /// Applies one child of a channel or feed; returns whether it was recognised.
    @discardableResult
    static func applyToFeed(_ e: Int, _ ctx: inout MappingContext, _ feed: inout FeedDraft) -> Bool {
        let element = ctx.doc[e]
        switch (element.ns, element.lname) {
        case (Namespaces.dc, "title"): feed.title.offer(ctx.looseTitle(e), rank: 5)
        case (Namespaces.dc, "description"): feed.description.offer(ctx.text(e), rank: 5)
        case (Namespaces.dc, "language"): feed.language.offer(ctx.text(e), rank: 5)
        case (Namespaces.dc, "date"): feed.updated.offer(ctx.date(e, field: "dc:date"), rank: 3)
        case (Namespaces.dcterms, "modified"): feed.updated.offer(ctx.date(e, field: "dcterms:modified"), rank: 2)
        case (Namespaces.dc, "creator"), (Namespaces.dc, "publisher"), (Namespaces.dc, "author"):
            feed.authors.offer(ctx.text(e).flatMap(PersonParsing.parse).map { [$0] }, rank: 3)
        case (Namespaces.itunes, "author"):
            feed.authors.offer(ctx.text(e).map { [FeedAuthor(name: $0)] }, rank: 6)
        case (Namespaces.itunes, "summary"): feed.description.offer(ctx.text(e), rank: 6)
        case (Namespaces.itunes, "subtitle"): feed.description.offer(ctx.text(e), rank: 7)
        case (Namespaces.itunes, "image"):
            let raw = ctx.attribute("href", of: e) ?? ctx.attribute("url", of: e) ?? ctx.text(e)
            feed.icon.offer(ctx.link(raw, at: e, field: "itunes:image"), rank: 1)
        case (Namespaces.itunes, "link") where ctx.attribute("rel", of: e) == "image":
            feed.icon.offer(ctx.link(ctx.attribute("href", of: e), at: e, field: "itunes:link"), rank: 2)
        case (Namespaces.media, "thumbnail"):
            feed.icon.offer(ctx.link(ctx.attribute("url", of: e), at: e, field: "media:thumbnail"), rank: 6)
        case (Namespaces.sy, _):
            return UpdateScheduleElements.applySyndication(e, &ctx, &feed)
        default:
            return false
        }
        return true
    }
}
