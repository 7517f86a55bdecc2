/// Removing the blocks of a result that look like furniture: lists of links, forms, tables of layout, blocks
/// with more images than text, ad and "Loading…" placeholders.
///
/// Judged bottom-up (the last element first), so that a block is judged without the junk inside it that was
/// already removed. Data tables, what is inside them and code are kept whatever they look like.
struct ConditionalCleaning {
    let dataTables: Set<Int32>
    let flags: SearchFlags

    func clean(_ tag: Tag, in scope: Int32, _ document: inout Document) {
        guard flags.contains(.cleanConditionally) else { return }
        for node in document.elements(in: scope, tag: tag).reversed() where document.parent(node) >= 0 {
            if document.budget.isExhausted { return }
            if shouldRemove(node, tag, document) { document.detach(node) }
        }
    }

    private func isInsideDataTable(_ node: Int32, _ document: Document) -> Bool {
        document.ancestor(of: node, tag: .table, maxDepth: 0, where: { dataTables.contains($0) }) >= 0
    }

    private func shouldRemove(_ node: Int32, _ tag: Tag, _ document: Document) -> Bool {
        let measure = document.measure(node)
        let contentLength = measure.length
        var isList = tag == .ul || tag == .ol
        if !isList {
            let listLength = document.elements(in: node, tags: [.ul, .ol]).reduce(0) { $0 + document.textLength($1) }
            isList = contentLength == 0 ? false : Double(listLength) / Double(contentLength) > 0.9
        }
        if tag == .table, dataTables.contains(node) { return false }
        if isInsideDataTable(node, document) { return false }
        if document.ancestor(of: node, tag: .code) >= 0 { return false }
        if document.elements(in: node, tag: .table).contains(where: { dataTables.contains($0) }) { return false }

        let weight = flags.contains(.weightClasses) ? document.classWeight(node) : 0
        if weight < 0 { return true }
        guard measure.commas < 10 else { return false }

        let paragraphs = document.count(.p, in: node)
        let images = document.count(.img, in: node)
        let listItems = document.count(.li, in: node) - 100
        let inputs = document.count(.input, in: node)
        let headingDensity = textDensity(node, [.h1, .h2, .h3, .h4, .h5, .h6], document)
        var embeds = 0
        for embed in document.elements(in: node, tags: [.object, .embed, .iframe]) {
            if Embeds.isVideo(embed, document) { return false }
            embeds += 1
        }
        // The longest of those words is 13 characters: only a short text needs reading.
        if contentLength <= 16, Self.isAdOrLoading(document.innerText(node)) { return true }
        let linkDensity = document.linkDensity(node)
        let textDensity = textDensity(node, [.span, .li, .td, .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul], document)
        let isFigureChild = document.ancestor(of: node, tag: .figure) >= 0

        var remove = false
        if !isFigureChild, images > 1, Double(paragraphs) / Double(images) < 0.5 { remove = true }
        if !isList, listItems > paragraphs { remove = true }
        if inputs > paragraphs / 3 { remove = true }
        if !isList, !isFigureChild, headingDensity < 0.9, contentLength < 25, images == 0 || images > 2, linkDensity > 0 {
            remove = true
        }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (embeds == 1 && contentLength < 75) || embeds > 1 { remove = true }
        if images == 0, textDensity == 0 { remove = true }

        // A list of images, one to an item, stays.
        if isList, remove {
            for child in document.elementChildren(node) where document.elementChildCount(child) > 1 { return true }
            if images == document.count(.li, in: node) { return false }
        }
        return remove
    }

    /// The share of `node`'s text inside descendants with one of `tags` (nested ones counted again, as
    /// Readability counts them).
    private func textDensity(_ node: Int32, _ tags: TagSet, _ document: Document) -> Double {
        let total = document.textLength(node)
        guard total > 0 else { return 0 }
        let inside = document.elements(in: node, tags: tags).reduce(0) { $0 + document.textLength($1) }
        return Double(inside) / Double(total)
    }

    /// Text that is only the word for "advertisement" or "loading…", in the languages pages use.
    static func isAdOrLoading(_ text: String) -> Bool {
        var lower = text.lowercased()
        if lower.hasSuffix("…") { lower.removeLast() } else if lower.hasSuffix("...") { lower.removeLast(3) }
        let ads: Set<String> = ["ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio"]
        let loading: Set<String> = ["loading", "正在加载", "загрузка", "chargement", "cargando"]
        return ads.contains(text.lowercased()) || loading.contains(lower)
    }
}
