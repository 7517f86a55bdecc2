import CGumbo
import Foundation

/// Copies Gumbo's tree into a ``Document``, in a loop (never recursion), keeping what the extraction reads.
///
/// Comments, `<style>`, `<template>` and scripts are left out, except that the text of JSON-LD scripts is kept
/// aside for the metadata; every text and attribute value loses its control characters on the way.
struct DocumentBuilder {
    private(set) var document: Document
    /// The text of each `<script type="application/ld+json">`, in page order.
    private(set) var jsonLD: [String] = []

    init(budget: WorkBudget) {
        document = Document(budget: budget)
    }

    /// Copies the children of Gumbo's document node under the document's root.
    mutating func build(from gumboDocument: UnsafePointer<GumboNode>) {
        var stack: [(children: UnsafePointer<GumboVector>, index: UInt32, parent: Int32)] = []
        if let children = cgumbo_children(gumboDocument) {
            stack.append((children, 0, document.root))
        }
        var scratch: [UInt8] = []
        while !stack.isEmpty {
            let top = stack.count - 1
            let (children, index, parent) = stack[top]
            guard index < children.pointee.length else {
                stack.removeLast()
                continue
            }
            stack[top].index = index + 1
            guard let child = cgumbo_node_at(children, index) else { continue }
            switch child.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let element = child.pointee.v.element
                let tag = GumboTags.tag(of: element)
                switch tag {
                case .style, .template:
                    continue
                case .script:
                    keepJSONLD(element)
                    continue
                default:
                    break
                }
                let node = appendElement(tag, element, to: parent)
                if let grandchildren = cgumbo_children(child), grandchildren.pointee.length > 0 {
                    stack.append((grandchildren, 0, node))
                }
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                guard let text = child.pointee.v.text.text else { continue }
                let length = strlen(text)
                guard length > 0 else { continue }
                scratch.removeAll(keepingCapacity: true)
                text.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
                    ControlCharacters.appendCleaned(UnsafeBufferPointer(start: pointer, count: length), to: &scratch)
                }
                guard !scratch.isEmpty else { continue }
                let node = document.createText(scratch)
                document.append(node, to: parent)
            default:
                continue
            }
        }
        document.budget.spend(document.nodes.count)
    }

    private mutating func appendElement(_ tag: Tag, _ element: GumboElement, to parent: Int32) -> Int32 {
        var attributes: [Document.Attribute] = []
        let list = element.attributes
        if list.length > 0 {
            attributes.reserveCapacity(Int(list.length))
            let keepsAll = Self.keepingEveryAttribute.contains(tag)
            withUnsafePointer(to: list) { vector in
                for index in 0..<list.length {
                    guard let attribute = cgumbo_attribute_at(vector, index), let pointer = attribute.pointee.name else { continue }
                    // data-* attributes, the most numerous, are read on images only: skipped before any string.
                    if !keepsAll, pointer[0] == 0x64, pointer[1] == 0x61, pointer[2] == 0x74, pointer[3] == 0x61,
                       pointer[4] == 0x2D {
                        continue
                    }
                    let name = String(cString: pointer)
                    guard keepsAll || Self.readAttributes.contains(name) else { continue }
                    let value = attribute.pointee.value.map { String(cString: $0) } ?? ""
                    attributes.append(Document.Attribute(name: name, value: ControlCharacters.cleaned(value)))
                }
            }
        }
        let node = document.createElement(tag, attributes: attributes)
        document.append(node, to: parent)
        return node
    }

    /// Elements whose every attribute may matter: any attribute of an image may hold its real address (lazy
    /// loaders use names of their own), any attribute of an embed may name a video player.
    private static let keepingEveryAttribute: TagSet = [.img, .picture, .figure, .source, .iframe, .object, .embed, .video]

    /// The attributes the extraction reads on other elements (copying the others, `data-*` and `aria-*` of
    /// every element, cost more than anything else in building the tree).
    private static let readAttributes: Set<String> = [
        "class", "id", "style", "hidden", "aria-hidden", "aria-modal", "role", "href", "src", "srcset", "alt", "title",
        "itemprop", "rel", "content", "name", "property", "http-equiv", "lang", "datetime", "pubdate", "colspan",
        "rowspan", "summary", "datatable", "type", "charset", "dir",
    ]

    private mutating func keepJSONLD(_ element: GumboElement) {
        var isJSONLD = false
        let list = element.attributes
        withUnsafePointer(to: list) { vector in
            for index in 0..<list.length {
                guard let attribute = cgumbo_attribute_at(vector, index), let name = attribute.pointee.name,
                      String(cString: name) == "type", let value = attribute.pointee.value else { continue }
                isJSONLD = String(cString: value).lowercased().trimmingSpaces() == "application/ld+json"
            }
        }
        guard isJSONLD else { return }
        var text = ""
        withUnsafePointer(to: element.children) { vector in
            for index in 0..<element.children.length {
                guard let child = cgumbo_node_at(vector, index), child.pointee.type == GUMBO_NODE_TEXT
                    || child.pointee.type == GUMBO_NODE_WHITESPACE || child.pointee.type == GUMBO_NODE_CDATA,
                    let pointer = child.pointee.v.text.text else { continue }
                text += String(cString: pointer)
            }
        }
        jsonLD.append(text)
    }
}

extension String {
    /// The string without ASCII whitespace at either end.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
