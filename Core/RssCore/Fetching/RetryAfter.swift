import Foundation

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date (RFC 9110 §10.2.3).
enum RetryAfter {
    /// When the server allows the next attempt, or `nil` if `value` is neither form.
    ///
    /// Never earlier than `now` and never later than `now + maximum`, so a hostile or broken server cannot
    /// make a source wait forever.
    static func parse(_ value: String, now: Date, maximum: Duration) -> Date? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let latest = now.addingTimeInterval(maximum.seconds)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // An absurdly long number is simply "a lot".
            let seconds = Double(trimmed.prefix(12)) ?? 0
            return min(now.addingTimeInterval(seconds), latest)
        }
        guard let date = httpDate(trimmed) else { return nil }
        return min(max(date, now), latest)
    }

    /// The three date formats HTTP allows: IMF-fixdate, RFC 850 and asctime.
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",
        "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ]

    /// Parses an HTTP date, in GMT.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
