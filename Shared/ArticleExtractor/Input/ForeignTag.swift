/// How foreign content (inside `<svg>` or `<math>`) treats a start tag, for ``StandInWriter``, which copies
/// foreign content as it is and follows it only while it stays foreign.
enum ForeignTag {
    /// An element of the foreign content.
    case element
    /// An HTML integration point (`<mi>`, `<mtext>`, `<foreignObject>`, `<desc>`, `<title>`…), where markup
    /// would be read as HTML; followed only when it holds text alone.
    case textOnly
    /// A tag that ends foreign content (`<p>`, `<div>`, `<b>`… and `<font>`, which does with some
    /// attributes), switches the tokenizer, or may mean something not followed here (`<annotation-xml>`,
    /// `<plaintext>`, a nested `<svg>` or `<math>`).
    case leaves

    /// The rule for the tag named `start..<end` in `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        let length = end - start
        // The name's first eight bytes, lower-cased, in one integer (the cases below are names packed so).
        var packed: UInt64 = 0
        for index in start..<min(end, start + 8) {
            let byte = bytes[index]
            packed = packed << 8 | UInt64(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        if length > 8 {
            switch (packed, length) {
            // blockquote, plaintext, annotation-xml (by their first eight letters and their length)
            case (0x626C6F636B71756F, 10), (0x706C61696E746578, 9), (0x616E6E6F74617469, 14): self = .leaves
            // foreignObject
            case (0x666F726569676E6F, 13): self = .textOnly
            default: self = .element
            }
            return
        }
        switch packed {
        // b, big, body, br, center, code, dd, div, dl, dt, em, embed, h1, h2, h3, h4, h5, h6, head, hr, i, img, li,
        // listing, menu, meta, nobr, ol, p, pre, ruby, s, small, span, strong, strike, sub, sup, table, tt, u, ul,
        // var, font, script, style, xmp, iframe, noembed, noframes, textarea, select, template, frameset, svg, math,
        // html
        case 0x62, 0x626967, 0x626F6479, 0x6272, 0x63656E746572, 0x636F6465, 0x6464, 0x646976, 0x646C, 0x6474,
             0x656D, 0x656D626564, 0x6831, 0x6832, 0x6833, 0x6834, 0x6835, 0x6836, 0x68656164, 0x6872, 0x69,
             0x696D67, 0x6C69, 0x6C697374696E67, 0x6D656E75, 0x6D657461, 0x6E6F6272, 0x6F6C, 0x70, 0x707265,
             0x72756279, 0x73, 0x736D616C6C, 0x7370616E, 0x7374726F6E67, 0x737472696B65, 0x737562, 0x737570,
             0x7461626C65, 0x7474, 0x75, 0x756C, 0x766172, 0x666F6E74, 0x736372697074, 0x7374796C65, 0x786D70,
             0x696672616D65, 0x6E6F656D626564, 0x6E6F6672616D6573, 0x7465787461726561, 0x73656C656374,
             0x74656D706C617465, 0x6672616D65736574, 0x737667, 0x6D617468, 0x68746D6C:
            self = .leaves
        // mi, mo, mn, ms, mtext, desc, title
        case 0x6D69, 0x6D6F, 0x6D6E, 0x6D73, 0x6D74657874, 0x64657363, 0x7469746C65:
            self = .textOnly
        default:
            self = .element
        }
    }
}
