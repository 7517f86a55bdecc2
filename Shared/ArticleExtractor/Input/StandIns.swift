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

    /// How many values three letters number.
    static let capacity = 64 * 64 * 64
    /// The bytes of a stand-in.
    static let length = 7
    /// U+10FFFD in UTF-8.
    static let marker: (UInt8, UInt8, UInt8, UInt8) = (0xF4, 0x8F, 0xBF, 0xBD)

    var isEmpty: Bool { starts.count == 1 }
    var count: Int { starts.count - 1 }

    /// Reserves room for the values of a page of `bytes` bytes (they are never longer than their markup).
    mutating func reserve(_ bytes: Int) {
        storage.reserveCapacity(bytes / 2)
    }

    /// Starts a value: the bytes appended to ``storage`` until ``commit()`` or ``discard()`` are its own.
    var pendingStart: Int { Int(starts[starts.count - 1]) }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    mutating func append(byte: UInt8) {
        storage.append(byte)
    }

    /// The bytes appended since the last value ended.
    var pendingCount: Int { storage.count - pendingStart }

    /// Drops the bytes appended since the last value ended.
    mutating func discard() {
        storage.removeSubrange(pendingStart...)
    }

    /// Makes the bytes appended since the last value ended a value, returning its number.
    mutating func commit() -> Int {
        starts.append(Int32(storage.count))
        return starts.count - 2
    }

    /// The bytes of value `number`.
    func value(_ number: Int) -> Range<Int> {
        Int(starts[number])..<Int(starts[number + 1])
    }

    /// Writes the stand-in of value `number` to `output`.
    static func write(_ number: Int, to output: inout [UInt8]) {
        output.append(marker.0)
        output.append(marker.1)
        output.append(marker.2)
        output.append(marker.3)
        output.append(alphabet[number >> 12])
        output.append(alphabet[(number >> 6) & 63])
        output.append(alphabet[number & 63])
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

    /// Letters that Gumbo reads as themselves in text and in unquoted attribute values.
    private static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// Each byte's place in ``alphabet``, 255 for the others.
    private static let digits: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, letter) in alphabet.enumerated() { table[Int(letter)] = UInt8(index) }
        return table
    }()
}
