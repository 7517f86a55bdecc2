import Foundation
import ServeCore

/// Numbers as Fever apps send them: decimal digits, sometimes far beyond any id (Fluent Reader's first
/// `max_id` is 2^53−1, Read You's "everything" `before` is 2^63/1000), which are read as the largest 64-bit
/// number rather than refused.
enum FeverNumber {
    /// `text` as a non-negative number, clamped to `Int64.max`; nil when it is empty or not all digits.
    static func natural(_ text: String) -> Int64? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(digits) ?? .max
    }

    /// `text` as a number that may be negative (group ids: -1 is Fever's Sparks), clamped to 64 bits.
    static func integer(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("-") else { return natural(trimmed) }
        return natural(String(trimmed.dropFirst())).map { -$0 }
    }

    /// A comma-separated list of ids (`with_ids`, `feed_ids`), parts that are not numbers skipped, each id
    /// once, in the order given.
    static func list(_ text: String) -> [Int64] {
        var seen = Set<Int64>()
        return text.split(separator: ",").compactMap { natural(String($0)) }.filter { seen.insert($0).inserted }
    }

    /// Unix seconds as a date, clamped to the year 9999 so that any 64-bit number makes a date.
    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(min(seconds, 253_402_300_799)))
    }

    /// `date` in whole Unix seconds, as Fever writes times.
    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
