import Foundation
import TerminalText

/// sfeed's tab-separated format, one article a line, so that sfeed's own tools (sfeed_plain, sfeed_html,
/// sfeed_mbox …) read it: `timestamp, title, link, content, content-type, id, author, enclosure, category`,
/// then a tenth field of ours, the source's name. sfeed's tools split a line into nine fields and leave the
/// rest of it in the ninth, so they read the tenth as part of the category field (none of them shows it).
///
/// As in sfeed, one-line fields hold no tab, newline or control character (whitespace becomes a space); the
/// content field escapes `\n`, `\t` and `\` as `\\n`, `\\t` and `\\\\`; the id is the item's own (guid, Atom
/// id, JSON Feed id); several categories are separated by `|`.
struct TSVRenderer: ReportRenderer {
    func articles(_ items: [ReportItem], after previous: Int) -> String {
        var output = ""
        output.reserveCapacity(items.count * 200)
        for item in items {
            let content = item.contentHTML.map(Self.escapedContent) ?? ""
            let fields = [
                String(Int(item.date.timeIntervalSince1970.rounded(.down))), Self.oneLine(item.title),
                Self.oneLine(item.link), content, content.isEmpty ? "" : "html", Self.oneLine(item.itemID),
                Self.oneLine(item.author ?? ""), Self.oneLine(item.enclosure), Self.categories(item.categories),
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

    /// No header and no trailer: one line per article is the whole format.
    func frame(_ summary: ReportSummary) -> (head: String, tail: String) { ("", "") }

    /// A one-line field: no tab, newline or other control character (already sanitised text passes as is).
    static func oneLine(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return Text.line(field)
    }

    /// The category field: `|` separates categories in sfeed, so one inside a category becomes a space, and a
    /// category left empty by that is dropped (an empty one would read as two separators).
    static func categories(_ categories: [String]) -> String {
        categories.lazy
            .map { $0.contains("|") ? Text.line($0.replacingOccurrences(of: "|", with: " ")) : oneLine($0) }
            .filter { !$0.isEmpty }.joined(separator: "|")
    }

    /// The content field, as sfeed writes it: `\` → `\\`, newline → `\n`, tab → `\t`.
    ///
    /// sfeed_mbox and sfeed_content put this text on terminals and in mail, so first whatever would act on a
    /// terminal goes: control characters, whole escape sequences (not only their ESC, whose parameters would
    /// be left as text), bidi overrides (``/TerminalText/TerminalSanitizer``), then HTML references to such characters,
    /// which an HTML renderer (a mail client's, lynx's for sfeed_content) would turn back into them.
    static func escapedContent(_ html: String) -> String {
        let clean = neutralizingControlReferences(
            isTerminalSafe(html) ? html : TerminalSanitizer.sanitize(html, lineBreaks: .keep, tabs: .keep))
        // Byte by byte: what changes is ASCII, and most content has none of it (then it is returned as is).
        guard clean.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == 0x09 }) else { return clean }
        var output: [UInt8] = []
        output.reserveCapacity(clean.utf8.count + 64)
        for byte in clean.utf8 {
            switch byte {
            case 0x5C: output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, UInt8(ascii: "n")]
            case 0x09: output += [0x5C, UInt8(ascii: "t")]
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` holds nothing ``/TerminalText/TerminalSanitizer`` would change with line breaks and tabs kept: no C0
    /// control but `\n` and `\t`, no DEL, no C1 control (UTF-8 `C2 80`–`C2 9F`), no U+2028/U+2029 or bidi
    /// override (`E2 80 A8`–`E2 80 AE`, `E2 81 A6`–`E2 81 A9`), no U+FEFF (`EF BB BF`). Most content passes
    /// (curly quotes and other non-ASCII included) and skips the sanitiser's copy of every scalar, which a
    /// report of thousands of articles would pay for each.
    static func isTerminalSafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                func next(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
                switch byte {
                case 0x09, 0x0A: continue
                case 0x00...0x1F, 0x7F: return false
                case 0xC2 where (0x80...0x9F).contains(next(1)): return false
                case 0xE2 where next(1) == 0x80 && (0xA8...0xAE).contains(next(2)): return false
                case 0xE2 where next(1) == 0x81 && (0xA6...0xA9).contains(next(2)): return false
                case 0xEF where next(1) == 0xBB && next(2) == 0xBF: return false
                default: continue
                }
            }
            return true
        }
    }

    /// `html` with each numeric character reference to a control character, DEL, a C1 control or a bidi
    /// override (`&#27;`, `&#x1B;`, `&#x9b`, `&#x202E;` …; HTML reads them without the `;` too) made text by
    /// escaping its `&` (`&amp;#27;` shows as `&#27;`). Escaping rather than removing the reference cannot
    /// join what was before it and after it into a new one. Whitespace references (`&#10;`, `&#9;`, `&#12;`,
    /// `&#13;`) stay: HTML makes them whitespace.
    static func neutralizingControlReferences(_ html: String) -> String {
        guard html.contains("&#") else { return html }
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let value = referencedScalar(bytes, at: index), isUnsafe(value) {
                output.append(contentsOf: "&amp;".utf8)
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The code point of the numeric character reference starting at `start` (`&#` then decimal digits, or
    /// `&#x` then hex digits), or nil when there is none there. Values past Unicode's range are clamped.
    private static func referencedScalar(_ bytes: [UInt8], at start: Int) -> UInt32? {
        var index = start + 1
        guard index < bytes.count, bytes[index] == UInt8(ascii: "#") else { return nil }
        index += 1
        let isHex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
        if isHex { index += 1 }
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, let digit = digitValue(bytes[index], hex: isHex) {
            value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A code point a terminal or a bidi-aware display would act on (what ``/TerminalText/TerminalSanitizer`` removes),
    /// other than the whitespace HTML keeps.
    private static func isUnsafe(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
