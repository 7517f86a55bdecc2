import Foundation

/// The element and attribute names of one document, each decoded, split and lower-cased once: a feed repeats a
/// few dozen names thousands of times, and a tag then costs one hash of its name bytes instead of new strings.
///
/// The hash is Swift's seeded `Hasher`, so crafted names cannot make lookups collide into quadratic time; the
/// table holds each distinct name once, so it is never larger than the input. Before hashing, a small cache
/// keyed by length and end bytes is tried, its candidate checked byte for byte: tags mostly repeat.
struct NameTable {
    /// What the scanner needs to know about a name.
    struct Name {
        /// The name as written.
        var qname: String
        /// The prefix before the first colon, as an id into ``prefixes``; nil when there is no colon.
        var prefix: Int?
        /// The local name, lower-cased.
        var lname: String
        /// The id shared by the names equal to this one as strings (canonically equivalent), which end tags are
        /// matched on first.
        var exact: Int
        /// The id of the whole name lower-cased, which end tags are matched on when the case differs.
        var lowered: Int
        /// Whether an element of this name is an HTML void element (`<br>`), closed by its start tag.
        var isVoid: Bool
        /// For an `xmlns` or `xmlns:p` attribute, the prefix it declares (`""` for the default namespace).
        var declares: Int?
    }

    private(set) var names: [Name] = []
    /// Prefixes by id; `""` (the default namespace) is 0 and `xml` is 1.
    private(set) var prefixes: [String] = ["", "xml"]
    private var prefixIDs: [String: Int] = ["": 0, "xml": 1]
    // A feed uses a few dozen names: room for them from the start saves rehashing as they arrive.
    private var exactIDs = [String: Int](minimumCapacity: 64)
    private var loweredIDs = [String: Int](minimumCapacity: 64)
    /// Open addressing: an index into ``names`` plus one, 0 for an empty slot; the count is a power of two.
    private var slots = [Int32](repeating: 0, count: 256)
    private var hashes: [Int] = []
    /// The bytes of every name, one after the other; name `k` starts at `starts[k]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Direct-mapped cache of recent ids plus one (0: empty), indexed by ``cacheSlot(_:_:)``.
    private var recent = [Int32](repeating: 0, count: 512)

    subscript(id: Int) -> Name {
        _read { yield names[id] }
    }

    /// The id of the name written in `p[range]`, added when new.
    mutating func intern(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        let cacheSlot = Self.cacheSlot(p, range)
        let cached = Int(recent[cacheSlot]) - 1
        if cached >= 0, matches(cached, p, range) { return cached }
        let hash = Self.hash(p, range)
        if let id = find(p, range, hash: hash) {
            recent[cacheSlot] = Int32(truncatingIfNeeded: id + 1)
            return id
        }
        let id = names.count
        names.append(Self.describe(String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self),
                                   exact: &exactIDs, lowered: &loweredIDs, prefixes: &prefixes, prefixIDs: &prefixIDs))
        hashes.append(hash)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[range]))
        starts.append(bytes.count)
        if names.count * 2 > slots.count { grow() } else { place(id, hash: hash) }
        recent[cacheSlot] = Int32(truncatingIfNeeded: id + 1)
        return id
    }

    /// Whether `p[range]` holds exactly the bytes of name `id`.
    func matches(_ id: Int, _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let start = starts[id]
        guard starts[id + 1] - start == range.count else { return false }
        guard let base = p.baseAddress, !range.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base + range.lowerBound, range.count) == 0 }
    }

    private static func cacheSlot(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let first = range.first else { return 0 }
        let mixed = range.count &* 0x9E37 &+ Int(p[first]) &* 0x3B &+ Int(p[range.upperBound - 1])
        return mixed & 511
    }

    /// The exact and lower-cased ids of the name in `p[range]` (an end tag's), as far as names seen so far
    /// have them; nothing is added.
    func matchIDs(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (exact: Int?, lowered: Int?) {
        if let id = find(p, range, hash: Self.hash(p, range)) { return (names[id].exact, names[id].lowered) }
        let qname = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        return (exactIDs[qname], loweredIDs[XMLTreeBuilder.lower(qname[...])])
    }

    /// The id of a prefix, added when new.
    mutating func prefixID(_ prefix: Substring) -> Int {
        Self.prefixID(prefix, prefixes: &prefixes, prefixIDs: &prefixIDs)
    }

    /// Everything about a new name, computed once with the String operations the scanner always used
    /// (character-wise, so a colon carrying a combining mark is no separator), whatever they cost.
    private static func describe(_ qname: String, exact: inout [String: Int], lowered: inout [String: Int],
                                 prefixes: inout [String], prefixIDs: inout [String: Int]) -> Name {
        let (prefix, local) = XMLTreeBuilder.split(qname)
        let lname = XMLTreeBuilder.lower(local)
        let exactID = exact[qname] ?? exact.count
        exact[qname] = exactID
        let lowerQName = XMLTreeBuilder.lower(qname[...])
        let loweredID = lowered[lowerQName] ?? lowered.count
        lowered[lowerQName] = loweredID
        var declares: Int?
        if qname == "xmlns" {
            declares = 0
        } else if qname.hasPrefix("xmlns:") {
            declares = prefixID(qname.dropFirst(6), prefixes: &prefixes, prefixIDs: &prefixIDs)
        }
        return Name(qname: qname, prefix: prefix.map { prefixID($0, prefixes: &prefixes, prefixIDs: &prefixIDs) },
                    lname: lname, exact: exactID, lowered: loweredID,
                    isVoid: XMLTreeBuilder.voidHTMLElements.contains(lname), declares: declares)
    }

    private static func prefixID(_ prefix: Substring, prefixes: inout [String], prefixIDs: inout [String: Int]) -> Int {
        let key = String(prefix)
        if let id = prefixIDs[key] { return id }
        prefixIDs[key] = prefixes.count
        prefixes.append(key)
        return prefixes.count - 1
    }

    private static func hash(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: p[range])))
        return hasher.finalize()
    }

    private func find(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: Int) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            if hashes[id] == hash, starts[id + 1] - starts[id] == range.count,
               bytes[starts[id]..<starts[id + 1]].elementsEqual(UnsafeBufferPointer(rebasing: p[range])) {
                return id
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ id: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: id + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for id in names.indices { place(id, hash: hashes[id]) }
    }
}
