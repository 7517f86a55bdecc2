/// What ``StandInWriter`` needs to know of a start tag's name: how tree construction treats the element's
/// attributes, and the tokenizer state it switches to after the tag.
struct TagKind {
    /// How the tokenizer reads what follows the tag.
    enum Next {
        /// Markup, as before.
        case data
        /// Markup, inside a `<select>`, where raw-text start tags are ignored.
        case select
        /// Script text up to `</script>`.
        case script
        /// Raw text up to the element's end tag (`<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`).
        case rawText
        /// Text with references up to the element's end tag (`<title>`, `<textarea>`).
        case rcdata
        /// SVG or MathML content.
        case foreign
        /// Markup, inside a `<template>`, where raw-text start tags may be ignored.
        case template
        /// A state not followed by the writer (`<plaintext>`, a frameset).
        case rest
    }

    /// `<a>`, `<b>` and the other formatting elements, whose attributes HTML compares.
    var isFormatting = false
    /// Elements whose every attribute the extraction reads (``KeptAttributes/everyAttributeTags``).
    var keepsEveryAttribute = false
    /// Tags left exactly as they are: `<svg>` and `<math>` (whose attributes the parser renames), `<isindex>`
    /// (whose attributes it turns into text).
    var keepsTag = false
    /// `<html>` and `<body>`, whose attributes a repeated tag adds to the element when it has none of the same
    /// name: their names are never replaced, so that the repeated tag's compare the same as written.
    var keepsNames = false
    /// Raw-text tags that a `<select>` ignores (all but `<script>` and `<textarea>`).
    var isIgnoredInSelect = false
    var next = Next.data

    /// The kind of the tag whose name is `start..<end` in `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        let length = end - start
        guard length <= 9 else { return }
        if length == 9 {
            if Self.packed(bytes, start, start + 8) == 0x706C61696E746578 /* plaintex */, bytes[start + 8] | 0x20 == UInt8(ascii: "t") {
                next = .rest
            }
            return
        }
        switch Self.packed(bytes, start, end) {
        // a, b, big, code, em, font, i, nobr, s, small, strike, strong, tt, u
        case 0x61, 0x62, 0x626967, 0x636F6465, 0x656D, 0x666F6E74, 0x69, 0x6E6F6272, 0x73, 0x736D616C6C, 0x737472696B65, 0x7374726F6E67, 0x7474, 0x75:
            isFormatting = true
        // img, image, picture, figure, source, object, embed, video
        case 0x696D67, 0x696D616765, 0x70696374757265, 0x666967757265, 0x736F75726365, 0x6F626A656374, 0x656D626564, 0x766964656F:
            keepsEveryAttribute = true
        // iframe
        case 0x696672616D65:
            keepsEveryAttribute = true
            isIgnoredInSelect = true
            next = .rawText
        // svg, math
        case 0x737667, 0x6D617468:
            keepsTag = true
            next = .foreign
        // isindex
        case 0x6973696E646578:
            keepsTag = true
        // script
        case 0x736372697074:
            next = .script
        // style, xmp, noembed, noframes
        case 0x7374796C65, 0x786D70, 0x6E6F656D626564, 0x6E6F6672616D6573:
            isIgnoredInSelect = true
            next = .rawText
        // title
        case 0x7469746C65:
            isIgnoredInSelect = true
            next = .rcdata
        // textarea
        case 0x7465787461726561:
            next = .rcdata
        // select
        case 0x73656C656374:
            next = .select
        // html, body
        case 0x68746D6C, 0x626F6479:
            keepsNames = true
        // template
        case 0x74656D706C617465:
            next = .template
        // frameset
        case 0x6672616D65736574:
            next = .rest
        default:
            break
        }
    }

    /// Whether the name `start..<end` is `select`.
    static func isSelect(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        end - start == 6 && packed(bytes, start, end) == 0x73656C656374 /* select */
    }

    /// Whether the name `start..<end` is `template`.
    static func isTemplate(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        end - start == 8 && packed(bytes, start, end) == 0x74656D706C617465 /* template */
    }

    /// Up to eight bytes of a name, lower-cased, in one integer (the cases above are names packed so).
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<end {
            let byte = bytes[index]
            value = value << 8 | UInt64(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return value
    }
}
