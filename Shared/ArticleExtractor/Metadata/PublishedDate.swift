import Foundation

/// Reads the dates pages write in their metadata: ISO 8601 in its common forms (`2024-03-05`,
/// `2024-03-05T10:20:30Z`, with fractions, offsets `+01:00` or `+0100`, a space for the `T`), and the
/// RFC 1123 form some servers' templates put in `<meta>` (`Tue, 05 Mar 2024 10:20:30 GMT`).
enum PublishedDate {
    static func parse(_ raw: String) -> Date? {
        let text = raw.trimmingSpaces()
        return iso8601(text) ?? rfc1123(text)
    }

    private static func iso8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(0x2D), let month = number(2), skip(0x2D), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var offset = 0
        if index < bytes.count, bytes[index] == 0x54 || bytes[index] == 0x74 || bytes[index] == 0x20 {
            index += 1
            guard let hour = number(2), skip(0x3A), let minute = number(2) else { return nil }
            components.hour = hour
            components.minute = minute
            if skip(0x3A), let second = number(2) { components.second = second }
            if skip(0x2E) || skip(0x2C) {
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            }
            if skip(0x5A) || skip(0x7A) {
                offset = 0
            } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let hours = number(2) else { return nil }
                _ = skip(0x3A)
                let minutes = number(2) ?? 0
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(TimeInterval(-offset))
    }

    private static func rfc1123(_ text: String) -> Date? {
        // Each format has its time as HH:mm:ss: text without two colons is none of them, and a DateFormatter
        // costs more than the rest of the metadata.
        guard text.utf8.lazy.filter({ $0 == UInt8(ascii: ":") }).count >= 2 else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss zzz"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
