/// JSON text written by hand where a statement takes a list as one argument (`json_each(?)`): a few strings,
/// for which an encoder would cost more than the statement.
enum JSONText {
    /// `strings` as a JSON array of strings. Each string ends at its first NUL, as text bound to a statement
    /// does (GRDB binds it as a C string), so that the array holds the same text the columns were written with.
    static func array(of strings: [String]) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, string) in strings.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            for byte in string.utf8.prefix(while: { $0 != 0 }) {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    json += [UInt8(ascii: "\\"), byte]
                case ..<0x20:
                    json += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
                default:
                    json.append(byte)
                }
            }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
