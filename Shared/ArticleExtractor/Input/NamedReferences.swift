/// The named character references ``StandInWriter`` decodes itself: the ones pages use most, each written
/// with its `;` (without it, whether a name is a reference depends on the whole table, which Gumbo holds).
enum NamedReferences {
    /// The scalar of the reference named by `count` bytes at `name` (case matters), or nil when it is not one
    /// of these.
    static func scalar(_ name: UnsafePointer<UInt8>, count: Int) -> UInt32? {
        guard count <= 8 else { return nil }
        var key: UInt64 = 0
        for offset in 0..<count { key = key << 8 | UInt64(name[offset]) }
        for entry in table where entry.key == key { return entry.scalar }
        return nil
    }

    /// The most frequent first.
    private static let table: [(key: UInt64, scalar: UInt32)] = [
        ("quot", 0x22), ("amp", 0x26), ("lt", 0x3C), ("gt", 0x3E), ("nbsp", 0xA0), ("apos", 0x27),
        ("rsquo", 0x2019), ("lsquo", 0x2018), ("rdquo", 0x201D), ("ldquo", 0x201C), ("ndash", 0x2013),
        ("mdash", 0x2014), ("hellip", 0x2026), ("copy", 0xA9), ("reg", 0xAE), ("trade", 0x2122),
        ("bull", 0x2022), ("middot", 0xB7), ("laquo", 0xAB), ("raquo", 0xBB), ("times", 0xD7), ("shy", 0xAD),
        ("deg", 0xB0), ("euro", 0x20AC), ("pound", 0xA3),
    ].map { name, scalar in (name.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }, scalar) }
}
