/// The attributes the extraction reads: ``DocumentBuilder`` copies only these into the ``Document``, and
/// ``StandInWriter`` leaves the others out of what Gumbo reads (copying the others, `data-*`, `aria-*`, `on*`
/// of every element, cost more than anything else in building the tree).
enum KeptAttributes {
    /// Elements whose every attribute may matter: any attribute of an image may hold its real address (lazy
    /// loaders use names of their own), any attribute of an embed may name a video player.
    static let everyAttributeTags: TagSet = [.img, .picture, .figure, .source, .iframe, .object, .embed, .video]

    /// The attributes read on other elements, lower-case.
    static let names: [String] = [
        "class", "id", "style", "hidden", "aria-hidden", "aria-modal", "role", "href", "src", "srcset", "alt", "title",
        "itemprop", "rel", "content", "name", "property", "http-equiv", "lang", "datetime", "pubdate", "colspan",
        "rowspan", "summary", "datatable", "type", "charset", "dir",
    ]

    /// The position of `type` in ``names``.
    static let typeIndex = 25

    /// The position in ``names`` of the attribute named by `count` bytes at `name` (ASCII letters compared
    /// without case), or nil.
    static func index(of name: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard count > 0, count <= 11 else { return nil }
        // The name lower-cased, its first eight bytes in one integer and the others in another (the cases
        // below are the names packed so).
        var first: UInt64 = 0
        var rest: UInt64 = 0
        for offset in 0..<count {
            var byte = name[offset]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if offset < 8 { first = first << 8 | UInt64(byte) } else { rest = rest << 8 | UInt64(byte) }
        }
        if count > 8 {
            switch (first, rest) {
            case (0x617269612D686964, 0x64656E): return 4 // aria-hidden
            case (0x617269612D6D6F64, 0x616C): return 5 // aria-modal
            case (0x687474702D657175, 0x6976): return 17 // http-equiv
            case (0x646174617461626C, 0x65): return 24 // datatable
            default: return nil
            }
        }
        switch first {
        case 0x636C617373: return 0 // class
        case 0x6964: return 1 // id
        case 0x7374796C65: return 2 // style
        case 0x68696464656E: return 3 // hidden
        case 0x726F6C65: return 6 // role
        case 0x68726566: return 7 // href
        case 0x737263: return 8 // src
        case 0x737263736574: return 9 // srcset
        case 0x616C74: return 10 // alt
        case 0x7469746C65: return 11 // title
        case 0x6974656D70726F70: return 12 // itemprop
        case 0x72656C: return 13 // rel
        case 0x636F6E74656E74: return 14 // content
        case 0x6E616D65: return 15 // name
        case 0x70726F7065727479: return 16 // property
        case 0x6C616E67: return 18 // lang
        case 0x6461746574696D65: return 19 // datetime
        case 0x70756264617465: return 20 // pubdate
        case 0x636F6C7370616E: return 21 // colspan
        case 0x726F777370616E: return 22 // rowspan
        case 0x73756D6D617279: return 23 // summary
        case 0x74797065: return 25 // type
        case 0x63686172736574: return 26 // charset
        case 0x646972: return 27 // dir
        default: return nil
        }
    }
}
