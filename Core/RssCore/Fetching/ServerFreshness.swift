import Foundation

/// Reads how long a server says its answer stays fresh: `Cache-Control: max-age`, else `Expires` (counted from
/// the response's `Date`, so that a server whose clock is off still means what it says), RFC 9111 §4.2.1.
///
/// What a reader makes of it (a source is then fetched no more often, up to a cap) is the scheduler's
/// business; this only reads the headers. `no-store` and `no-cache` mean "ask every time": no freshness.
enum ServerFreshness {
    /// The longest freshness believed: a year (anything longer is a server's way of saying "forever").
    static let longest: TimeInterval = 365 * 86_400

    /// Seconds the answer stays fresh, or nil when the headers say nothing usable (or "do not cache").
    static func seconds(cacheControl: [String], expires: String?, date: String?, now: Date) -> TimeInterval? {
        let directives = cacheControl.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if directives.contains(where: { $0 == "no-store" || $0 == "no-cache" }) { return nil }
        if let maxAge = directives.lazy.compactMap(maxAge).first {
            return maxAge > 0 ? min(maxAge, longest) : nil
        }
        guard let expires, let expiry = RetryAfter.httpDate(expires.trimmingCharacters(in: .whitespaces)) else {
            return nil  // also "0" and "-1", which mean "already expired"
        }
        let issued = date.flatMap { RetryAfter.httpDate($0.trimmingCharacters(in: .whitespaces)) } ?? now
        let seconds = expiry.timeIntervalSince(issued)
        return seconds > 0 ? min(seconds, longest) : nil
    }

    /// `max-age=N` (N digits, maybe quoted) as seconds; nil for any other directive.
    private static func maxAge(_ directive: String) -> TimeInterval? {
        guard directive.hasPrefix("max-age") else { return nil }
        let value = directive.dropFirst("max-age".count).drop { $0 == " " }
        guard value.first == "=" else { return nil }
        let digits = value.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(digits.prefix(12)) ?? nil
    }
}
