/// Readying the gathered article: lazy images given their addresses, forms, embeds, share bars, asides and
/// headings of low worth removed, furniture removed conditionally, empty paragraphs dropped and one-cell
/// tables unwrapped.
struct ArticleCleaning {
    let flags: SearchFlags

    func clean(_ article: Int32, _ document: inout Document) {
        let dataTables = DataTables.mark(in: article, document)
        LazyImages.fix(in: article, &document)
        let conditional = ConditionalCleaning(dataTables: dataTables, flags: flags)
        conditional.clean(.form, in: article, &document)
        conditional.clean(.fieldset, in: article, &document)
        remove([.object, .embed], in: article, &document, keepingVideos: true)
        remove([.footer, .link, .aside], in: article, &document, keepingVideos: false)

        // Share bars: small blocks named "share" anywhere under each top-level block (never the block itself).
        for block in document.elementChildren(article) {
            var node = document.followingElement(block, within: block)
            while node >= 0 {
                if ClassHints.isShare(document.classAndID(node)), document.textContent(node).count < 500 {
                    node = document.removeAndFollow(node, within: block)
                } else {
                    node = document.followingElement(node, within: block)
                }
            }
        }

        remove([.iframe], in: article, &document, keepingVideos: true)
        remove([.input, .textarea, .select, .button], in: article, &document, keepingVideos: false)
        if flags.contains(.weightClasses) {
            for heading in document.elements(in: article, tags: [.h1, .h2]) where document.classWeight(heading) < 0 {
                document.detach(heading)
            }
        }
        conditional.clean(.table, in: article, &document)
        conditional.clean(.ul, in: article, &document)
        conditional.clean(.div, in: article, &document)

        for heading in document.elements(in: article, tag: .h1) { document.setTag(heading, .h2) }

        for paragraph in document.elements(in: article, tag: .p).reversed()
        where document.elements(in: paragraph, tags: [.img, .embed, .object, .iframe]).isEmpty && !document.hasVisibleText(paragraph) {
            document.detach(paragraph)
        }
        for br in document.elements(in: article, tag: .br) {
            let next = Preparation.nextNonWhitespace(document, document.next(br))
            if next >= 0, document.isElement(next), document.tag(next) == .p { document.detach(br) }
        }
        unwrapSingleCellTables(article, &document)
    }

    private func remove(_ tags: TagSet, in scope: Int32, _ document: inout Document, keepingVideos: Bool) {
        for node in document.elements(in: scope, tags: tags).reversed() {
            if keepingVideos, Embeds.isVideo(node, document) { continue }
            document.detach(node)
        }
    }

    /// A table of one cell is a layout box: its cell takes its place, as a paragraph when it holds only inline
    /// content.
    private func unwrapSingleCellTables(_ scope: Int32, _ document: inout Document) {
        for table in document.elements(in: scope, tag: .table) where document.parent(table) >= 0 {
            let body = document.hasSingleChild(table, tag: .tbody) ? document.firstElementChild(table) : table
            guard document.hasSingleChild(body, tag: .tr) else { continue }
            let row = document.firstElementChild(body)
            guard document.hasSingleChild(row, tag: .td) else { continue }
            let cell = document.firstElementChild(row)
            let inline = document.children(cell).allSatisfy { document.isPhrasing($0) }
            document.setTag(cell, inline ? .p : .div)
            document.replace(table, with: cell)
        }
    }
}
