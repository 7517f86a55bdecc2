public import Foundation

/// Writes subscriptions as an OPML 2.0 document, folders rebuilt from each subscription's folder path, so that
/// any other reader can import them.
public struct OPMLWriter: Sendable {
    /// Makes a writer.
    public init() {}

    /// The OPML 2.0 text for `subscriptions`, in their order, grouped into nested folders.
    /// `extensions` go in `<head>`, their namespaces declared on the root.
    public func write(
        title: String?, subscriptions: [OPMLSubscription], dateCreated: Date? = nil, extensions: [OPMLExtension] = []
    ) -> Data {
        var namespaces: [String: String] = [:]
        for element in extensions { namespaces[element.prefix] = element.namespace }
        let declarations = namespaces.sorted { $0.key < $1.key }.map { " xmlns:\($0.key)=\"\(escape($0.value))\"" }.joined()
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"\(declarations)>\n  <head>\n"
        if let title { out += "    <title>\(escape(title))</title>\n" }
        if let dateCreated { out += "    <dateCreated>\(Self.rfc822(dateCreated))</dateCreated>\n" }
        for element in extensions {
            let attributes = element.attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value))\"" }
            out += "    <\(element.prefix):\(element.name)\(attributes.joined())/>\n"
        }
        out += "  </head>\n  <body>\n"
        out += render(Folder.build(subscriptions), depth: 2)
        out += "  </body>\n</opml>\n"
        return Data(out.utf8)
    }

    /// Writes an OPML tree as read (round trip).
    public func write(_ document: OPMLDocument) -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        if let title = document.title { out += "    <title>\(escape(title))</title>\n" }
        out += "  </head>\n  <body>\n"
        for outline in document.outlines { out += render(outline, depth: 2) }
        out += "  </body>\n</opml>\n"
        return Data(out.utf8)
    }

    private final class Folder {
        var name: String
        var entries: [Entry] = []
        enum Entry { case feed(OPMLSubscription), folder(Folder) }
        init(name: String) { self.name = name }

        static func build(_ subscriptions: [OPMLSubscription]) -> Folder {
            let root = Folder(name: "")
            for subscription in subscriptions {
                var folder = root
                for name in subscription.folderPath {
                    if case .folder(let existing)? = folder.entries.first(where: {
                        if case .folder(let f) = $0 { return f.name == name } else { return false }
                    }) {
                        folder = existing
                    } else {
                        let created = Folder(name: name)
                        folder.entries.append(.folder(created))
                        folder = created
                    }
                }
                folder.entries.append(.feed(subscription))
            }
            return root
        }
    }

    private func render(_ folder: Folder, depth: Int) -> String {
        let pad = String(repeating: "  ", count: depth)
        var out = ""
        for entry in folder.entries {
            switch entry {
            case .feed(let s):
                var attributes = "type=\"rss\" text=\"\(escape(s.title))\" title=\"\(escape(s.title))\" xmlUrl=\"\(escape(s.xmlURL))\""
                if let html = s.htmlURL { attributes += " htmlUrl=\"\(escape(html))\"" }
                if !s.categories.isEmpty { attributes += " category=\"\(escape(s.categories.joined(separator: ",")))\"" }
                out += "\(pad)<outline \(attributes)/>\n"
            case .folder(let f):
                out += "\(pad)<outline text=\"\(escape(f.name))\" title=\"\(escape(f.name))\">\n"
                out += render(f, depth: depth + 1)
                out += "\(pad)</outline>\n"
            }
        }
        return out
    }

    private func render(_ outline: OPMLOutline, depth: Int) -> String {
        let pad = String(repeating: "  ", count: depth)
        var attributes: [String] = []
        if let type = outline.type { attributes.append("type=\"\(escape(type))\"") }
        attributes.append("text=\"\(escape(outline.text ?? outline.displayName))\"")
        if let title = outline.title { attributes.append("title=\"\(escape(title))\"") }
        if let xml = outline.xmlURL { attributes.append("xmlUrl=\"\(escape(xml))\"") }
        if let html = outline.htmlURL { attributes.append("htmlUrl=\"\(escape(html))\"") }
        if !outline.categories.isEmpty { attributes.append("category=\"\(escape(outline.categories.joined(separator: ",")))\"") }
        let open = "\(pad)<outline \(attributes.joined(separator: " "))"
        guard !outline.children.isEmpty else { return open + "/>\n" }
        return open + ">\n" + outline.children.map { render($0, depth: depth + 1) }.joined() + "\(pad)</outline>\n"
    }

    private func escape(_ text: String) -> String {
        var out = XMLSerializer.escape(text, quote: true)
        if out.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) {
            out = out.replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\r", with: "&#13;")
                .replacingOccurrences(of: "\t", with: "&#9;")
        }
        return out
    }

    static func rfc822(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds.floorDiv(86_400), rest = seconds.floorMod(86_400)
        let year = CivilTime.year(fromDays: days)
        var month = 1
        while month < 12, CivilTime.daysFromCivil(year: year, month: month + 1, day: 1) <= days { month += 1 }
        let day = days - CivilTime.daysFromCivil(year: year, month: month, day: 1) + 1
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][days.floorMod(7)]
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekday), \(two(day)) \(monthName) \(year) \(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60)) GMT"
    }
}
