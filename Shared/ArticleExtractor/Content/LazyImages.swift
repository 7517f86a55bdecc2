import Foundation

/// Images that a script would have loaded: their real address is in `data-src`, `data-srcset`, `data-original`
/// or another attribute, while `src` holds a placeholder (a tiny inline GIF) or nothing.
enum LazyImages {
    /// Whether `value` names a JPEG, PNG or WebP file.
    static func looksLikeImage(_ value: String) -> Bool {
        let lower = value.lowercased()
        return [".jpg", ".jpeg", ".png", ".webp"].contains { lower.includes($0) }
    }

    /// Gives every `<img>`, `<picture>` and `<figure>` under `scope` its real address as `src` or `srcset`.
    static func fix(in scope: Int32, _ document: inout Document) {
        for element in document.elements(in: scope, tags: [.img, .picture, .figure]) {
            var src = document.attribute(element, "src") ?? ""
            if isTinyPlaceholder(src, element, document) {
                document.removeAttribute(element, "src")
                src = ""
            }
            let srcset = document.attribute(element, "srcset") ?? ""
            let className = (document.attribute(element, "class") ?? "").lowercased()
            if (!src.isEmpty || (!srcset.isEmpty && srcset != "null")) && !className.includes("lazy") { continue }
            for attribute in Array(document.attributeList(element)) {
                guard !["src", "srcset", "alt"].contains(attribute.name) else { continue }
                let target: String
                if isSrcset(attribute.value) {
                    target = "srcset"
                } else if isSingleImageAddress(attribute.value) {
                    target = "src"
                } else {
                    continue
                }
                switch document.tag(element) {
                case .img, .picture:
                    document.setAttribute(element, target, attribute.value)
                case .figure where document.elements(in: element, tags: [.img, .picture]).isEmpty:
                    let image = document.createElement(.img, attributes: [.init(name: target, value: attribute.value)])
                    document.append(image, to: element)
                default:
                    break
                }
            }
        }
    }

    /// A base64 `src` under 100 bytes (not SVG) on an element that names a real image elsewhere.
    private static func isTinyPlaceholder(_ src: String, _ element: Int32, _ document: Document) -> Bool {
        let lower = src.lowercased()
        guard lower.hasPrefix("data:"), let comma = lower.firstIndex(of: ","), lower[..<comma].hasSuffix("base64"),
              !lower.hasPrefix("data:image/svg+xml") else { return false }
        let hasOther = document.attributeList(element).contains { $0.name != "src" && looksLikeImage($0.value) }
        return hasOther && lower.distance(from: lower.index(after: comma), to: lower.endIndex) < 133
    }

    /// `a.jpg 1x, b.jpg 2x`: an image file followed by a width or density.
    private static func isSrcset(_ value: String) -> Bool {
        let lower = value.lowercased()
        for suffix in [".jpg", ".jpeg", ".png", ".webp"] {
            var searchRange = lower.startIndex..<lower.endIndex
            while let found = lower.range(of: suffix, range: searchRange) {
                let rest = lower[found.upperBound...]
                let afterSpaces = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
                if afterSpaces.count < rest.count, afterSpaces.first?.isNumber == true { return true }
                searchRange = found.upperBound..<lower.endIndex
            }
        }
        return false
    }

    /// One address without spaces, naming an image file.
    private static func isSingleImageAddress(_ value: String) -> Bool {
        let trimmed = value.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isWhitespace }) else { return false }
        return looksLikeImage(trimmed)
    }

    /// The address `srcset` offers at the largest width or density, else its first. Addresses may hold
    /// commas (`w_100,h_80`): a candidate ends at whitespace, and a comma ends it only at its end.
    static func bestCandidate(inSrcset srcset: String) -> String? {
        var best: (url: String, size: Double)?
        let tokens = srcset.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var index = 0
        while index < tokens.count {
            var url = tokens[index]
            index += 1
            var size = 1.0
            if url.hasSuffix(",") {
                url.removeLast()
            } else if index < tokens.count {
                var descriptor = tokens[index]
                if descriptor.hasSuffix(",") { descriptor.removeLast() }
                if let unit = descriptor.last, unit == "w" || unit == "x", let value = Double(descriptor.dropLast()) {
                    size = value
                    index += 1
                }
            }
            if url.hasPrefix(","), url.count > 1 { url.removeFirst() }
            guard !url.isEmpty, url != "," else { continue }
            if best == nil || size > best!.size { best = (url, size) }
        }
        return best?.url
    }
}
