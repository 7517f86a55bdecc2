/// RFC 822 / RFC 1123 dates as RSS writes them, and the usual damage: two-digit years, missing seconds or time,
/// named zones, `GMT+hh:mm`, swapped day and month, stray commas, full month names.
///
/// Mirrors feedparser's `_parse_date_rfc822` so results agree with it field for field.
enum RFC822DateParser {
    static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
        "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
    ]
    static let dayNames: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func parse(_ text: String) -> FeedDate? {
        var parts = text.lowercased().replacingCommas().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !parts.isEmpty else { return nil }
        if parts.count < 5 { parts += ["00:00:00", "0000"] }
        if dayNames.contains(String(parts[0].prefix(3))) { parts.removeFirst() }
        guard parts.count >= 5 else { return nil }

        var month = months[String(parts[1].prefix(3))]
        let day: Int
        if let d = pyInt(parts[0]) {
            day = d
        } else if let swapped = months[String(parts[0].prefix(3))], let d = pyInt(parts[1]) {
            day = d
            month = swapped
        } else {
            return nil
        }
        guard let month, var year = pyInt(parts[2]) else { return nil }
        if parts[2].count <= 2 { year += year < 90 ? 2000 : 1900 }

        var time = parts[3].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count <= 3 else { return nil }
        while time.count < 3 { time.append("0") }
        guard let hour = pyInt(time[0]), let minute = pyInt(time[1]), let second = pyInt(time[2]) else { return nil }

        let offset: Int?
        switch zone(parts[4]) {
        case .invalid: return nil
        case .unknown: offset = nil
        case .offset(let seconds): offset = seconds
        }
        return CivilTime.make(year: year, month: month, day: day, hour: hour, minute: minute,
                              second: Double(second), offset: offset)
    }

    enum Zone { case offset(Int), unknown, invalid }

    /// Seconds east of UTC for a zone token; unknown names are read as UTC with no offset recorded.
    static func zone(_ token: String) -> Zone {
        var zone = token
        if zone.hasPrefix("etc/") { zone = String(zone.dropFirst(4)) }
        if zone.hasPrefix("gmt") {
            let rest = zone.dropFirst(3).filter { $0 != ":" }
            zone = rest.isEmpty ? "gmt" : String(rest)
        }
        if let sign = zone.first, sign == "+" || sign == "-" {
            let chars = Array(zone)
            let hourText = String(chars[1..<min(3, chars.count)])
            let minuteText = zone.contains(":") ? String(chars.dropFirst(4)) : String(chars.dropFirst(3))
            guard let h = pyInt(hourText) else { return .invalid }
            let m: Int
            if minuteText.isEmpty { m = 0 } else if let parsed = pyInt(minuteText) { m = parsed } else { return .invalid }
            let total = h * 3600 + m * 60
            return .offset(sign == "-" ? -total : total)
        }
        if let hours = TimeZoneNames.hours[zone] { return .offset(hours * 3600) }
        return .unknown
    }
}

extension String {
    func replacingCommas() -> String {
        contains(",") ? String(map { $0 == "," ? " " : $0 }) : self
    }
}
