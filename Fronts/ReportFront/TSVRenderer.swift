import Foundation

/// sfeed's tab-separated format, one article a line, so that sfeed's own tools (sfeed_plain, sfeed_html,
/// sfeed_mbox …) read it: `timestamp, title, link, content, content-type, id, author, enclosure, category`,
/// then a tenth field of ours, the source's name (sfeed's tools ignore fields past the ninth).
///
/// As in sfeed, one-line fields hold no tab, newline or control character (whitespace becomes a space); the
/// content field escapes `\n`, `\t` and `\` as `\\n`, `\\t` and `\\\\`; the id is the item's own (guid, Atom
/// id); several categories are separated by `|`.
struct TSVRenderer {
    func render(_ report: Report) -> String {
        var output = ""
        output.reserveCapacity(report.items.count * 200)
        for item in report.items {
            let content = item.contentHTML.map(Self.escapedContent) ?? ""
            let fields = [
                String(Int(item.date.timeIntervalSince1970.rounded(.down))), Self.oneLine(item.title),
                Self.oneLine(item.link), content, content.isEmpty ? "" : "html", Self.oneLine(item.itemID),
                Self.oneLine(item.author ?? ""), Self.oneLine(item.enclosure),
                item.categories.map { Self.oneLine($0).replacingOccurrences(of: "|", with: " ") }.joined(separator: "|"),
                Self.oneLine(item.sourceName),
            ]
            for (index, field) in fields.enumerated() {
                if index > 0 { output += "\t" }
                output += field
            }
            output += "\n"
        }
        return output
    }

    /// A one-line field: no tab, newline or other control character (already sanitised text passes as is).
    static func oneLine(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return Text.line(field)
    }

    /// sfeed's escaping of the content field: `\` → `\\`, newline → `\n`, tab → `\t`, other control
    /// characters dropped (an escape sequence in a feed never reaches a terminal through sfeed's tools).
    static func escapedContent(_ content: String) -> String {
        var output = ""
        output.reserveCapacity(content.utf8.count)
        for scalar in content.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
