import CGumbo
import Foundation

/// Copies Gumbo's tree into a ``Document``, in a loop (never recursion), keeping what the extraction reads.
///
/// Comments, `<style>`, `<template>` and scripts are left out, except that the text of JSON-LD scripts is kept
/// aside for the metadata; stand-ins (``StandIns``) are swapped back for their values, and every text and
/// attribute value loses its control characters on the way.
struct DocumentBuilder {
    private(set) var document: Document
    /// The text of each `<script type="application/ld+json">`, in page order.
    private(set) var jsonLD: [String] = []
    private let standIns: StandIns

    init(budget: WorkBudget, standIns: StandIns) {
        document = Document(budget: budget)
        self.standIns = standIns
    }

    /// Copies the children of Gumbo's document node under the document's root.
    mutating func build(from gumboDocument: UnsafePointer<GumboNode>) {
        var stack: [(children: UnsafePointer<GumboVector>, index: UInt32, parent: Int32)] = []
        if let children = cgumbo_children(gumboDocument) {
            stack.append((children, 0, document.root))
        }
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
                let start = document.text.count
                text.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
                    Self.appendText(UnsafeBufferPointer(start: pointer, count: length), standIns: standIns, to: &document.text)
                }
                guard document.text.count > start else { continue }
                let node = document.createText(from: start)
                document.append(node, to: parent)
            default:
                continue
            }
        }
        document.budget.spend(document.nodes.count)
    }

    private mutating func appendElement(_ tag: Tag, _ element: GumboElement, to parent: Int32) -> Int32 {
        let start = document.attributes.count
        let list = element.attributes
        if list.length > 0 {
            let keepsAll = KeptAttributes.everyAttributeTags.contains(tag)
            withUnsafePointer(to: list) { vector in
                for index in 0..<list.length {
                    guard let attribute = cgumbo_attribute_at(vector, index), let pointer = attribute.pointee.name else { continue }
                    let name: String
                    let length = strlen(pointer)
                    let known = pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                        StandIns.nameIndex(at: $0, count: length) ?? KeptAttributes.index(of: $0, count: length)
                    }
                    if let known {
                        name = KeptAttributes.names[known]
                    } else {
                        guard keepsAll else { continue }
                        name = String(cString: pointer)
                    }
                    document.attributes.append(Document.Attribute(name: name, value: value(of: attribute.pointee.value)))
                }
            }
        }
        let node = document.createElement(tag, attributesFrom: start)
        document.append(node, to: parent)
        return node
    }

    /// An attribute's value: a stand-in's value or the value itself, without control characters.
    private func value(of pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            if length == StandIns.length, bytes[0] == StandIns.marker.0,
               let number = standIns.number(at: bytes, available: length) {
                return standIns.storage.withUnsafeBufferPointer { storage in
                    ControlCharacters.string(UnsafeBufferPointer(rebasing: storage[standIns.value(number)]))
                }
            }
            return ControlCharacters.string(UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// Appends a text node's bytes to `output` without control characters, stand-ins swapped for their values.
    private static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, standIns: StandIns, to output: inout [UInt8]) {
        guard !standIns.isEmpty, let base = bytes.baseAddress else {
            return ControlCharacters.appendCleaned(bytes, to: &output)
        }
        var start = 0
        var index = 0
        while true {
            index = MarkupPrescan.find(StandIns.marker.0, in: bytes, from: index)
            guard index < bytes.count else { break }
            guard let number = standIns.number(at: base + index, available: bytes.count - index) else {
                index += 1
                continue
            }
            ControlCharacters.appendCleaned(UnsafeBufferPointer(rebasing: bytes[start..<index]), to: &output)
            standIns.storage.withUnsafeBufferPointer { storage in
                ControlCharacters.appendCleaned(UnsafeBufferPointer(rebasing: storage[standIns.value(number)]), to: &output)
            }
            index += StandIns.length
            start = index
        }
        ControlCharacters.appendCleaned(UnsafeBufferPointer(rebasing: bytes[start...]), to: &output)
    }

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
        // Most strings start and end with ASCII other than whitespace: nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
