/// The text runs and attribute values that ``StandInWriter`` kept aside while Gumbo parses a short stand-in in
/// their place, and the way ``DocumentBuilder`` puts them back.
///
/// A stand-in is seven bytes: U+10FFFD (a private-use character, four bytes of UTF-8), then three characters
/// of a 64-letter alphabet numbering the value. Pages that hold U+10FFFD, or a character reference to it,
/// get no stand-ins, so every U+10FFFD in Gumbo's tree is one.
struct StandIns {
    /// The values, decoded as Gumbo would have decoded them, one after another.
    private(set) var storage: [UInt8] = []
    /// Where each value starts in ``storage``; the next one's start is its end.
    private(set) var starts: [Int32] = [0]

    /// No stand-ins.
    init() {}

    init(storage: [UInt8], starts: [Int32]) {
        self.storage = storage
        self.starts = starts
    }

    /// How many values three letters number.
    static let capacity = 64 * 64 * 64
    /// The bytes of a stand-in.
    static let length = 7
    /// U+10FFFD in UTF-8.
    static let marker: (UInt8, UInt8, UInt8, UInt8) = (0xF4, 0x8F, 0xBF, 0xBD)

    var isEmpty: Bool { starts.count == 1 }
    var count: Int { starts.count - 1 }

    /// The bytes of value `number`.
    func value(_ number: Int) -> Range<Int> {
        Int(starts[number])..<Int(starts[number + 1])
    }

    /// Writes the stand-in of value `number` at `output`.
    static func write(_ number: Int, at output: UnsafeMutablePointer<UInt8>) {
        output[0] = marker.0
        output[1] = marker.1
        output[2] = marker.2
        output[3] = marker.3
        output[4] = letter(number >> 12)
        output[5] = letter((number >> 6) & 63)
        output[6] = letter(number & 63)
    }

    /// The bytes of an attribute name's stand-in: the marker, then a digit or small letter numbering the name
    /// in ``KeptAttributes/names`` (Gumbo lower-cases names).
    static let nameLength = 5

    /// Writes the stand-in of the attribute named `KeptAttributes.names[index]` at `output`.
    static func writeName(_ index: Int, at output: UnsafeMutablePointer<UInt8>) {
        output[0] = marker.0
        output[1] = marker.1
        output[2] = marker.2
        output[3] = marker.3
        output[4] = index < 10 ? UInt8(truncatingIfNeeded: 0x30 + index) : UInt8(truncatingIfNeeded: 0x61 + index - 10)
    }

    /// The position in ``KeptAttributes/names`` of the name whose stand-in is the `count` bytes at `bytes`, or nil.
    static func nameIndex(at bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard count == nameLength, bytes[0] == marker.0, bytes[1] == marker.1, bytes[2] == marker.2,
              bytes[3] == marker.3 else { return nil }
        let letter = bytes[4]
        let index = letter <= 0x39 ? Int(letter) - 0x30 : Int(letter) - 0x61 + 10
        return index >= 0 && index < KeptAttributes.names.count ? index : nil
    }

    /// The letter for a number below 64: the digits, the capitals, the small letters, `-` and `_`.
    private static func letter(_ value: Int) -> UInt8 {
        switch value {
        case 0..<10: UInt8(truncatingIfNeeded: 0x30 + value)
        case 10..<36: UInt8(truncatingIfNeeded: 0x41 + value - 10)
        case 36..<62: UInt8(truncatingIfNeeded: 0x61 + value - 36)
        case 62: UInt8(ascii: "-")
        default: UInt8(ascii: "_")
        }
    }

    /// The number of the stand-in at `bytes` (its marker's first byte), nil when those bytes are no stand-in.
    func number(at bytes: UnsafePointer<UInt8>, available: Int) -> Int? {
        guard available >= Self.length, bytes[1] == Self.marker.1, bytes[2] == Self.marker.2,
              bytes[3] == Self.marker.3 else { return nil }
        let first = Self.digits[Int(bytes[4])], second = Self.digits[Int(bytes[5])], third = Self.digits[Int(bytes[6])]
        guard first < 64, second < 64, third < 64 else { return nil }
        let number = Int(first) << 12 | Int(second) << 6 | Int(third)
        return number < count ? number : nil
    }

    /// Each byte's value as a letter of a stand-in (see ``letter(_:)``), 255 for the others.
    private static let digits: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for value in 0..<64 { table[Int(letter(value))] = UInt8(value) }
        return table
    }()
}
