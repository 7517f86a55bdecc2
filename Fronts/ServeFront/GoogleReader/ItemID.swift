import Foundation
import ServeCore

/// Google Reader's item ids: the long form `tag:google.com,2005:reader/item/` + 16 hex digits, and the short
/// form, the same 64 bits as a signed decimal. Both name an article by its ``/RssCore/ArticleSnapshot/number``.
enum ItemID {
    static let longPrefix = "tag:google.com,2005:reader/item/"

    /// The long form of `number`.
    static func long(_ number: Int64) -> String {
        let hex = String(UInt64(bitPattern: number), radix: 16)
        return longPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The short form of `number`.
    static func short(_ number: Int64) -> String { String(number) }

    /// The number an id names, in either form (or 16 bare hex digits, as some clients send the long form's
    /// tail); nil for anything else.
    static func number(_ text: String) -> Int64? {
        if text.hasPrefix(longPrefix) { return hex(String(text.dropFirst(longPrefix.count))) }
        if text.count == 16, text.first == "0" || text.contains(where: { $0.isLetter }) { return hex(text) }
        guard text.count <= 20, let value = Int64(text) else { return nil }
        return value
    }

    private static func hex(_ digits: String) -> Int64? {
        guard digits.count == 16, let value = UInt64(digits, radix: 16) else { return nil }
        return Int64(bitPattern: value)
    }
}
