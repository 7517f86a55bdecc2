import RssCore

/// `set KEY VALUE` turned into a setting change, or why not.
enum SettingValue {
    static let keys = ["refresh-interval", "page-size", "retention-days", "retention-per-source"]

    static func change(key: String, value: String) -> Result<SettingChange, CommandError> {
        let resolved = keys.filter { $0.hasPrefix(key) }
        guard resolved.count == 1 || keys.contains(key) else {
            return .failure(.invalid("unknown setting “\(key)”; settings: \(keys.joined(separator: ", "))"))
        }
        let name = keys.contains(key) ? key : resolved[0]
        let off = ["off", "none", "never"].contains(value)
        let number = Int(value)
        func optional(_ make: (Int?) -> SettingChange) -> Result<SettingChange, CommandError> {
            if off { return .success(make(nil)) }
            guard let number else { return .failure(.invalid("\(name) takes a number or “off”, not “\(value)”")) }
            return .success(make(number))
        }
        switch name {
        case "refresh-interval":
            if off { return .success(.refreshInterval(nil)) }
            guard let seconds = durationSeconds(value) else {
                return .failure(.invalid("refresh-interval takes seconds (or 30m, 2h) or “off”, not “\(value)”"))
            }
            return .success(.refreshInterval(seconds))
        case "page-size":
            guard let number else { return .failure(.invalid("page-size takes a number, not “\(value)”")) }
            return .success(.pageSize(number))
        case "retention-days": return optional { .retentionDays($0) }
        default: return optional { .retentionPerSource($0) }
        }
    }

    /// `90`, `90s`, `30m`, `2h`.
    static func durationSeconds(_ text: String) -> Int? {
        guard let unit = text.last else { return nil }
        let factor: Int
        switch unit {
        case "s": factor = 1
        case "m": factor = 60
        case "h": factor = 3600
        default: return Int(text)
        }
        guard let value = Int(text.dropLast()), value >= 0, value < 1_000_000 else { return nil }
        return value * factor
    }
}
