import Foundation

/// sfeed's tab-separated format, one article a line, so that sfeed's own tools (sfeed_plain, sfeed_html,
/// sfeed_mbox …) read it: `timestamp, title, link, content, content-type, id, author, enclosure, category`,
/// then a tenth field of ours, the source's name (sfeed's tools read it as part of the category).
///
/// As in sfeed, one-line fields hold no tab, newline or control character (whitespace becomes a space); the
/// content field escapes `\n`, `\t` and `\` as `\\n`, `\\t` and `\\\\`. The report has no content, so that
/// field and its content-type stay empty.
struct TSVRenderer {
    func render(_ report: Report) -> String {
        var output = ""
        output.reserveCapacity(report.items.count * 200)
        for item in report.items {
            let fields = [
                String(Int(item.date.timeIntervalSince1970.rounded(.down))), item.title, item.link,
                Self.escapedContent(""), "", item.id.uuidString.lowercased(), item.author ?? "", "", "",
                item.sourceName,
            ]
            for (index, field) in fields.enumerated() {
                if index > 0 { output += "\t" }
                output += Self.oneLine(field)
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
    /// characters dropped.
    static func escapedContent(_ content: String) -> String {
        var output = ""
        for scalar in content.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
