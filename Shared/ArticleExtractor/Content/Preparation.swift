/// Readying a parsed page for the search: images hidden in `<noscript>` brought out, `<noscript>` dropped,
/// `<font>` read as `<span>`, and runs of `<br>` turned into paragraphs.
enum Preparation {
    static func prepare(_ document: inout Document) {
        unwrapNoscriptImages(&document)
        for node in document.elements(in: document.root, tags: [.noscript, .font]) {
            if document.tag(node) == .noscript {
                document.detach(node)
            } else {
                document.setTag(node, .span)
            }
        }
        if let body = document.elements(in: document.root, tag: .body).first {
            replaceBreakRuns(&document, in: body)
        }
    }

    /// Pages that load images by script put a placeholder `<img>` in the page and the real one in a
    /// `<noscript>` after it: the real one takes the placeholder's place. Images with no address at all are
    /// placeholders and go first.
    private static func unwrapNoscriptImages(_ document: inout Document) {
        for image in document.elements(in: document.root, tag: .img) where !hasImageSource(document, image) {
            document.detach(image)
        }
        for noscript in document.elements(in: document.root, tag: .noscript) {
            guard let inner = singleImage(document, noscript) else { continue }
            let previous = document.previousElementSibling(noscript)
            guard previous >= 0, let placeholder = singleImage(document, previous) else { continue }
            for attribute in Array(document.attributeList(placeholder)) where !attribute.value.isEmpty {
                guard attribute.name == "src" || attribute.name == "srcset" || LazyImages.looksLikeImage(attribute.value) else { continue }
                if document.attribute(inner, attribute.name) == attribute.value { continue }
                let name = document.attribute(inner, attribute.name) == nil ? attribute.name : "data-old-" + attribute.name
                document.setAttribute(inner, name, attribute.value)
            }
            document.replace(previous, with: inner)
        }
    }

    private static func hasImageSource(_ document: Document, _ image: Int32) -> Bool {
        document.attributeList(image).contains { attribute in
            ["src", "srcset", "data-src", "data-srcset"].contains(attribute.name) || LazyImages.looksLikeImage(attribute.value)
        }
    }

    /// The `<img>` that `node` is or holds as its only content (no text on the way), else nil.
    static func singleImage(_ document: Document, _ node: Int32) -> Int32? {
        var current = node
        while current >= 0 {
            if document.tag(current) == .img { return current }
            guard document.elementChildCount(current) == 1, !document.hasVisibleText(current) else { return nil }
            current = document.firstElementChild(current)
        }
        return nil
    }

    /// Two or more `<br>` in a row end a paragraph: the first becomes a `<p>` holding the inline content that
    /// follows it, up to the next such run or block.
    private static func replaceBreakRuns(_ document: inout Document, in body: Int32) {
        for br in document.elements(in: body, tag: .br) {
            guard document.parent(br) >= 0, document.isInside(br, body) else { continue }
            var next = nextNonWhitespace(document, document.next(br))
            var replaced = false
            while next >= 0, document.isElement(next), document.tag(next) == .br {
                replaced = true
                let after = document.next(next)
                document.detach(next)
                next = nextNonWhitespace(document, after)
            }
            guard replaced else { continue }
            let parent = document.parent(br)
            let paragraph = document.createElement(.p)
            document.replace(br, with: paragraph)
            var sibling = document.next(paragraph)
            while sibling >= 0 {
                if document.isElement(sibling), document.tag(sibling) == .br {
                    let following = nextNonWhitespace(document, document.next(sibling))
                    if following >= 0, document.isElement(following), document.tag(following) == .br { break }
                }
                guard document.isPhrasing(sibling) else { break }
                let after = document.next(sibling)
                document.append(sibling, to: paragraph)
                sibling = after
            }
            while document.lastChild(paragraph) >= 0, document.isWhitespace(document.lastChild(paragraph)) {
                document.detach(document.lastChild(paragraph))
            }
            if document.tag(parent) == .p { document.setTag(parent, .div) }
        }
    }

    /// `node` or the first sibling after it that is an element or holds more than whitespace.
    static func nextNonWhitespace(_ document: Document, _ node: Int32) -> Int32 {
        var current = node
        while current >= 0, document.isText(current), !TextMeasure.hasNonSpace(document.textBytes(current)) {
            current = document.next(current)
        }
        return current
    }
}
