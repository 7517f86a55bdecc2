/// Atom 1.0 and 0.3 to the common model. An entry without authors inherits the feed's, as RFC 4287 says.
enum AtomMapper {
    static func map(_ ctx: inout MappingContext, root: Int) -> (FeedDraft, [ItemDraft]) {
        let (feed, entries) = self.feed(&ctx, root: root)
        let rootNS = ctx.doc[root].ns
        var items: [ItemDraft] = []
        for entry in entries {
            ctx.location = "entry[\(items.count)]"
            var item = ItemDraft()
            for child in ctx.children(entry) {
                let ns = ctx.doc[child].ns
                if Namespaces.anyAtom.contains(ns) || ns.isEmpty || ns == rootNS {
                    AtomElements.applyToEntry(child, &ctx, &item, base: 0)
                } else {
                    ExtensionElements.applyToItem(child, &ctx, &item)
                }
            }
            items.append(item)
        }
        ctx.location = "feed"
        return (feed, items)
    }

    /// The feed's own fields, and its entries (not read).
    static func feed(_ ctx: inout MappingContext, root: Int) -> (FeedDraft, entries: [Int]) {
        var feed = FeedDraft()
        var entries: [Int] = []
        let rootNS = ctx.doc[root].ns
        for child in ctx.children(root) {
            let element = ctx.doc[child]
            if Namespaces.anyAtom.contains(element.ns) || element.ns.isEmpty || element.ns == rootNS {
                if element.lname == "entry" || element.lname == "item" { entries.append(child) } else { AtomElements.applyToFeed(child, &ctx, &feed, base: 0) }
            } else {
                ExtensionElements.applyToFeed(child, &ctx, &feed)
            }
        }
        feed.language.offer(ctx.doc[root].lang, rank: 0)
        return (feed, entries)
    }
}
