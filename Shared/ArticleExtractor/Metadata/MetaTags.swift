/// The `<meta>` tags of a page by their lower-case names: `property="og:title"` as `og:title`, and
/// `name="DC.creator"` as `dc:creator` (dots read as colons, as Dublin Core writes them both ways).
///
/// A `property` may hold several names separated by spaces (`property="og:title twitter:title"`); each gets
/// the value. The first tag of a name wins, except that a later one replaces an empty value.
struct MetaTags {
    private(set) var values: [String: String] = [:]

    /// The names and values of the `<meta>` elements `metas` of `document`.
    init(_ document: Document, _ metas: [Int32]) {
        for meta in metas {
            guard let content = document.attribute(meta, "content")?.trimmingSpaces(), !content.isEmpty else { continue }
            var names: [String] = []
            if let property = document.attribute(meta, "property") {
                names += property.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            }
            if let name = document.attribute(meta, "name") ?? document.attribute(meta, "itemprop") {
                names.append(name.lowercased().trimmingSpaces().replacingDots())
            }
            if let equiv = document.attribute(meta, "http-equiv") {
                names.append("http-equiv:" + equiv.lowercased().trimmingSpaces())
            }
            for name in names where values[name] == nil {
                values[name] = HTMLEntities.unescapeBasic(content)
            }
        }
    }

    /// The first non-empty value among `names`, in the order given.
    func first(_ names: String...) -> String? {
        for name in names {
            if let value = values[name], !value.isEmpty { return value }
        }
        return nil
    }
}

extension String {
    fileprivate func replacingDots() -> String {
        guard utf8.contains(UInt8(ascii: ".")) else { return self }
        return String(map { $0 == "." ? ":" : $0 })
    }
}
