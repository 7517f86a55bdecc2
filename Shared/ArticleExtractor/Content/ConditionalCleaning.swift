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
        if tag == .table, dataTables.contains(node) { return false }
        if isInsideDataTable(node, document) { return false }
        if document.ancestor(of: node, tag: .code) >= 0 { return false }
        let census = BlockCensus(of: node, in: document, dataTables: dataTables)
        document.budget.spend(32)
        if census.holdsDataTable { return false }
        let contentLength = census.measure.length
        let isList = tag == .ul || tag == .ol
            || (contentLength > 0 && Double(census.listText) / Double(contentLength) > 0.9)

        let weight = flags.contains(.weightClasses) ? document.classWeight(node) : 0
        if weight < 0 { return true }
        guard census.measure.commas < 10 else { return false }
        if census.holdsVideo { return false }
        // The longest of those words is 13 characters: only a short text needs reading.
        if contentLength <= 16, Self.isAdOrLoading(document.innerText(node)) { return true }

        let paragraphs = census.paragraphs
        let images = census.images
        let linkDensity = census.linkDensity
        let isFigureChild = document.ancestor(of: node, tag: .figure) >= 0
        var remove = false
        if !isFigureChild, images > 1, Double(paragraphs) / Double(images) < 0.5 { remove = true }
        if !isList, census.listItems - 100 > paragraphs { remove = true }
        if census.inputs > paragraphs / 3 { remove = true }
        if !isList, !isFigureChild, census.headingDensity < 0.9, contentLength < 25, images == 0 || images > 2,
           linkDensity > 0 {
            remove = true
        }
        if !isList, weight < 25, linkDensity > 0.2 { remove = true }
        if weight >= 25, linkDensity > 0.5 { remove = true }
        if (census.embeds == 1 && contentLength < 75) || census.embeds > 1 { remove = true }
        if images == 0, census.textHolderDensity == 0 { remove = true }

        // A list of images, one to an item, stays.
        if isList, remove {
            for child in document.elementChildren(node) where document.elementChildCount(child) > 1 { return true }
            if images == census.listItems { return false }
        }
        return remove
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
