/// A set of tags as a bit mask: the walks ask "is this one of these tags?" for every node, and hashing each
/// ``Tag`` into a `Set` was a visible part of an extraction's time.
struct TagSet: ExpressibleByArrayLiteral {
    private var low: UInt64 = 0
    private var middle: UInt64 = 0
    private var high: UInt64 = 0

    init(arrayLiteral tags: Tag...) {
        for tag in tags { insert(tag) }
    }

    mutating func insert(_ tag: Tag) {
        let value = UInt64(1) << UInt64(tag.rawValue & 63)
        switch tag.rawValue >> 6 {
        case 0: low |= value
        case 1: middle |= value
        default: high |= value
        }
    }

    func contains(_ tag: Tag) -> Bool {
        let value = UInt64(1) << UInt64(tag.rawValue & 63)
        switch tag.rawValue >> 6 {
        case 0: return low & value != 0
        case 1: return middle & value != 0
        default: return high & value != 0
        }
    }
}
