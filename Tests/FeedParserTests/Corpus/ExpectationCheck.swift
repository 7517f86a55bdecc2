import FeedParser
import Foundation

/// Compares a probed value with a feedparser expectation clause.
enum ExpectationCheck {
    static func matches(op: String, expected: Any, actual: Any?) -> Bool {
        switch op {
        case "not":
            return isEmpty(actual)
        case "len":
            guard let n = (expected as? NSNumber)?.intValue else { return false }
            if let s = actual as? String { return s.count == n }
            return false
        case "ord":
            guard let n = (expected as? NSNumber)?.uint32Value, let s = actual as? String else { return false }
            return s.unicodeScalars.count == 1 && s.unicodeScalars.first!.value == n
        default:
            return equal(expected, actual)
        }
    }

    static func isEmpty(_ actual: Any?) -> Bool {
        if let title = actual as? ExpectationProbe.PlainTitle { return title.text?.isEmpty ?? true }
        guard let actual else { return true }
        if let s = actual as? String { return s.isEmpty }
        return false
    }

    static func equal(_ expected: Any, _ actual: Any?) -> Bool {
        if expected is NSNull { return actual == nil }
        if let version = actual as? ExpectationProbe.VersionValue, let e = expected as? String {
            return ExpectationProbe.versionNames[version.format]?.contains(e) ?? false
        }
        if let title = actual as? ExpectationProbe.PlainTitle, let e = expected as? String {
            return equal(e, title.text) || equal(plainText(ofHTML: e), title.text)
        }
        if let e = expected as? String {
            // An empty element and a missing one are the same thing in our model (`nil`).
            return (actual as? String) == e || (e.isEmpty && actual == nil)
        }
        if let tuple = expected as? [Any] {
            guard let date = actual as? FeedDate else { return false }
            let parts = tuple.prefix(6).compactMap { ($0 as? NSNumber)?.intValue }
            return parts == utcFields(date.date)
        }
        if let number = expected as? NSNumber {
            if let s = actual as? String { return s == number.stringValue }
            return false
        }
        return false
    }

    /// What a browser would show of an HTML fragment, written independently of the parser's own title code:
    /// tags removed (block tags leave a space), references decoded, runs of ASCII whitespace collapsed.
    static func plainText(ofHTML html: String) -> String {
        let blockTag = /<\/?(br|p|div|li|h[1-6])\b[^>]*>/.ignoresCase()
        let withoutTags = html.replacing(blockTag, with: " ").replacing(/<[!\/?]?[A-Za-z][^>]*>|<!--.*?-->/, with: "")
        return HTMLEntities.decode(withoutTags)
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    static func utcFields(_ date: Date) -> [Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!]
    }
}
