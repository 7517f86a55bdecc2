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
        guard count > 0, count < byLength.count else { return nil }
        let key = pack(name, count)
        for entry in byLength[count] where entry.key == key { return entry.index }
        return nil
    }

    /// A name of up to 16 bytes, lower-cased, packed into two integers (unequal for unequal names).
    private static func pack(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Packed {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for offset in 0..<count {
            var byte = bytes[offset]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if offset < 8 { low = low << 8 | UInt64(byte) } else { high = high << 8 | UInt64(byte) }
        }
        return Packed(low: low, high: high)
    }

    private struct Packed: Equatable {
        var low: UInt64
        var high: UInt64
    }

    /// ``names`` packed, by length (0 to 16 bytes).
    private static let byLength: [[(key: Packed, index: Int)]] = {
        var table = [[(key: Packed, index: Int)]](repeating: [], count: 17)
        for (index, name) in names.enumerated() {
            let bytes = Array(name.utf8)
            bytes.withUnsafeBufferPointer { table[bytes.count].append((pack($0.baseAddress!, bytes.count), index)) }
        }
        return table
    }()
}
