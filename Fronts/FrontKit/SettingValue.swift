public import RssCore
import Foundation

/// A setting typed as text (the REPL's `set KEY VALUE`, the web front's settings form) turned into a setting
/// change, or why not, in the same words in every front.
public enum SettingValue {
    /// The settings' names, as the fronts write them.
    public static let keys = ["refresh-interval", "page-size", "retention-days", "retention-per-source", "dedup"]

    /// The longest refresh interval accepted (RssCore refuses longer ones too): checked here as well, so that
    /// the message can say it in the units the user typed.
    public static let longestRefreshInterval = Settings.longestRefreshInterval

    /// Why a typed value is not a setting: one line for the user.
    public struct Problem: Error, Equatable, Sendable {
        /// What is wrong, and what the setting takes.
        public let message: String
    }

    /// Each setting's key and its value as the fronts show it and take it back (`3600 s`, `off`, `on`), in
    /// ``keys``' order.
    public static func current(_ settings: Settings) -> [(key: String, value: String)] {
        func optional(_ value: Int?, _ unit: String) -> String { value.map { "\($0)\(unit)" } ?? "off" }
        return [
            ("refresh-interval", optional(settings.refreshInterval, " s")),
            ("page-size", "\(settings.pageSize)"),
            ("retention-days", optional(settings.retentionDays, "")),
            ("retention-per-source", optional(settings.retentionPerSource, "")),
            ("dedup", settings.showsStoriesOnce ? "on" : "off"),
        ]
    }

    /// The key `typed` names: itself, or the only key it is the start of.
    public static func key(matching typed: String) -> String? {
        if keys.contains(typed) { return typed }
        let resolved = keys.filter { $0.hasPrefix(typed) }
        return resolved.count == 1 ? resolved[0] : nil
    }

    /// Values worth offering for `key`: typical ones, and `off` where a setting can be off.
    public static func examples(for key: String) -> [String] {
        switch key {
        case "refresh-interval": ["15m", "30m", "1h", "2h", "off"]
        case "page-size": ["10", "20", "50", "100"]
        case "retention-days": ["30", "90", "365", "off"]
        case "dedup": ["on", "off"]
        default: ["100", "500", "1000", "off"]
        }
    }

    /// The change `value` makes to the setting `key` (or a key it is the start of).
    public static func change(key: String, value: String) -> Result<SettingChange, Problem> {
        guard let name = self.key(matching: key) else {
            return .failure(.invalid("unknown setting “\(key)”; settings: \(keys.joined(separator: ", "))"))
        }
        let off = ["off", "none", "never"].contains(value)
        let number = Int(value)
        let outOfRange = Problem.invalid("\(value) is out of range for \(name)")
        func optional(_ make: (Int?) -> SettingChange) -> Result<SettingChange, Problem> {
            if off { return .success(make(nil)) }
            if number == nil, isNumeral(value) { return .failure(outOfRange) }
            guard let number else { return .failure(.invalid("\(name) takes a number or “off”, not “\(value)”")) }
            return .success(make(number))
        }
        switch name {
        case "refresh-interval":
            if off { return .success(.refreshInterval(nil)) }
            guard let seconds = durationSeconds(value) else {
                return .failure(.invalid("refresh-interval takes seconds (or 30m, 2h) or “off”, not “\(value)”"))
            }
            guard seconds <= longestRefreshInterval else {
                return .failure(.invalid("refresh-interval must be at most 30 days (2592000 s, 720h)"))
            }
            return .success(.refreshInterval(seconds))
        case "page-size":
            if number == nil, isNumeral(value) { return .failure(outOfRange) }
            guard let number else { return .failure(.invalid("page-size takes a number, not “\(value)”")) }
            return .success(.pageSize(number))
        case "retention-days": return optional { .retentionDays($0) }
        case "dedup":
            if off || value == "no" || value == "false" { return .success(.showsStoriesOnce(false)) }
            guard ["on", "yes", "true"].contains(value) else {
                return .failure(.invalid("dedup takes “on” or “off”, not “\(value)”"))
            }
            return .success(.showsStoriesOnce(true))
        default: return optional { .retentionPerSource($0) }
        }
    }

    /// A source's own interval typed as text: seconds, or `30m`, `2h`, `1d`, from 60 s to 30 days; nil for
    /// `default` (the library's refresh interval).
    public static func sourceInterval(_ text: String) -> Result<Int?, Problem> {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["default", "off", "none", ""].contains(value) { return .success(nil) }
        guard let seconds = durationSeconds(value) else {
            return .failure(.invalid("the interval takes seconds (or 30m, 2h, 1d) or “default”, not “\(value)”"))
        }
        guard (60...longestRefreshInterval).contains(seconds) else {
            return .failure(.invalid("an interval must be between 60 s and 30 days (720h)"))
        }
        return .success(seconds)
    }

    /// Digits with an optional sign: a number, even if too large for an `Int`.
    static func isNumeral(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// `90`, `90s`, `30m`, `2h`, `1d` in seconds; a well-formed duration too large to count gives `Int.max`
    /// (or `Int.min`), so that the caller's range check, not a parse error, answers it.
    public static func durationSeconds(_ text: String) -> Int? {
        var digits = Substring(text)
        var factor = 1
        switch text.last {
        case "s": digits = digits.dropLast()
        case "m": (digits, factor) = (digits.dropLast(), 60)
        case "h": (digits, factor) = (digits.dropLast(), 3600)
        case "d": (digits, factor) = (digits.dropLast(), 86_400)
        default: break
        }
        guard isNumeral(String(digits)) else { return nil }
        let negative = digits.hasPrefix("-")
        guard let value = Int(digits) else { return negative ? .min : .max }
        let (seconds, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? (negative ? .min : .max) : seconds
    }
}

extension SettingValue.Problem {
    static func invalid(_ message: String) -> Self { Self(message: message) }
}
