/// W3C-DTF / RFC 3339 dates (Atom, Dublin Core, JSON Feed): `2003-12-31T10:14:55.12-08:00`, reduced forms
/// (`2003-12`, `2003`), a space instead of `T`, and MSSQL's `2004-07-08 23:56:58 -00:20`.
///
/// Mirrors feedparser's `_parse_date_w3dtf`.
enum W3DTFDateParser {
    static func parse(_ text: String) -> FeedDate? {
        let lower = text.lowercased()
        guard !lower.trimmingASCIIWhitespace().isEmpty else { return nil }
        var parts = lower.split(separator: "t", omittingEmptySubsequences: false).map(String.init)
        var dateOnly = false
        if parts.count == 1 {
            parts = parts[0].split(whereSeparator: \.isWhitespace).map(String.init)
            if parts.count == 1 { parts.append("00:00:00z"); dateOnly = true }
        } else if parts.count > 2 {
            return nil
        }
        guard parts.count >= 2 else { return nil }
        var date = parts[0].split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard date[0].count == 4 else { return nil }
        while date.count < 3 { date.append("1") }
        guard let year = pyInt(date[0]), let month = pyInt(date[1]), let day = pyInt(date[2]) else { return nil }

        if parts[1].hasSuffix("z") {
            parts[1].removeLast()
            parts.append("z")
        }
        let clock = parts[1]
        let loc = clock.firstIndex(of: "-") ?? clock.firstIndex(of: "+") ?? clock.endIndex
        parts.append(String(clock[loc...]))
        parts[1] = String(clock[..<loc])
        var time = parts[1].split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        while time.count < 3 { time.append("0") }

        let zone = parts[2]
        var offset: Int?
        if let sign = zone.first, sign == "-" || sign == "+" {
            let chars = Array(zone)
            guard let h = pyInt(String(chars[1..<min(3, chars.count)])) else { return nil }
            let rest = chars.count > 3 && chars[3] == ":" ? String(chars.dropFirst(4)) : String(chars.dropFirst(3))
            let m: Int
            if rest.isEmpty { m = 0 } else if let parsed = pyInt(rest) { m = parsed } else { return nil }
            offset = (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
        } else if let hours = TimeZoneNames.hours[zone.trimmingASCIIWhitespace()] {
            offset = hours * 3600
        }
        guard let hour = pyInt(time[0]), let minute = pyInt(time[1]) else { return nil }
        let secondText = time[2].trimmingASCIIWhitespace()
        guard let second = Double(secondText.isEmpty ? "0" : secondText), second.isFinite else { return nil }
        return CivilTime.make(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                              offset: dateOnly ? nil : offset)
    }
}
