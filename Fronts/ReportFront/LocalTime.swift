import Foundation

/// Dates as the report shows them: local time (the `TZ` environment variable), minutes, no locale.
enum LocalTime {
    /// A Gregorian calendar in the local time zone.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }

    /// `2024-05-01 09:30`, like sfeed_plain.
    static func minutes(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    /// `2024-05-01 09:30 +0200`: the header's time, with its offset from UTC.
    static func minutesWithZone(_ date: Date, calendar: Calendar) -> String {
        let offset = calendar.timeZone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        return minutes(date, calendar: calendar) + " " + sign
            + String(format: "%02d%02d", abs(offset) / 60, abs(offset) % 60)
    }

    /// `2024-05-01T07:30:00Z`: dates in JSON.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
