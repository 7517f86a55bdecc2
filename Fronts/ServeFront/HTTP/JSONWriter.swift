import NIOCore
import ServeCore

/// Writes JSON straight into the bytes of a response, for the answers sync clients ask for by the thousand
/// (stream pages, id lists, entries): Foundation's `JSONEncoder` spent most of a first sync in generic
/// dispatch and boxing. Values are written in the order called; the caller keeps the structure balanced
/// (`object { … }`, `array { … }`), and every string is escaped as RFC 8259 requires.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current object or array needs a comma first.
    private var needsComma = false

    /// A writer with room for about `capacity` bytes.
    init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written, as a buffer for a response body.
    var buffer: ByteBuffer { ByteBuffer(bytes: bytes) }

    /// `{`, the members `body` writes, `}`.
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `[`, the elements `body` writes, `]`.
    mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key; its value follows.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// A member with a string value.
    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// A member with an integer value.
    mutating func member(_ name: StaticString, _ value: some BinaryInteger) {
        key(name)
        integer(value)
    }

    /// A member with a boolean value.
    mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        boolean(value)
    }

    /// A member whose value is an integer written as a string (`"1760000000123"`), as Google Reader writes
    /// its times.
    mutating func member(_ name: StaticString, quoted value: some BinaryInteger) {
        key(name)
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendDigits(value)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A member whose value is a string, or null.
    mutating func member(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// A string value.
    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: utf8[start..<index])
                appendEscape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: utf8[start...])
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// An integer value.
    mutating func integer(_ value: some BinaryInteger) {
        separate()
        appendDigits(value)
        needsComma = true
    }

    /// `true` or `false`.
    mutating func boolean(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
        needsComma = true
    }

    /// `null`.
    mutating func null() {
        separate()
        bytes.append(contentsOf: Array("null".utf8))
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendDigits(_ value: some BinaryInteger) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        if magnitude == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        while magnitude > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes.append(contentsOf: digits.reversed())
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
