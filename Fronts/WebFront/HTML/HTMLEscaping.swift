/// Escaping text for HTML: the one place it is done.
enum HTMLEscaping {
    /// Appends `text` to `markup` so that it reads as text both between tags and in a quoted attribute
    /// (`&`, `<`, `>`, `"` and `'` as references). Control characters but tab and line feed are dropped: a page
    /// has no use for them, and they are how terminal escapes would travel on.
    static func append(_ text: String, to markup: inout String) {
        // Most text needs nothing: copy it at once.
        if !text.utf8.contains(where: needsWork) {
            markup += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            case ">": markup += "&gt;"
            case "\"": markup += "&quot;"
            case "'": markup += "&#39;"
            case "\t", "\n": markup.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": continue
            default: markup.unicodeScalars.append(scalar)
            }
        }
    }

    /// `text` escaped.
    static func escape(_ text: String) -> String {
        var markup = ""
        append(text, to: &markup)
        return markup
    }

    /// Whether a byte of UTF-8 may need escaping or dropping (C1 controls start with 0xC2).
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0..<0x20, 0x7F, 0xC2: true
        default: false
        }
    }
}
