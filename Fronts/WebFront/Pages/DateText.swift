import Foundation

/// Dates as the pages write them: short in the reader's list (`28 Nov 14:05`, with the year when it is not
/// this one), and the machine form in `datetime`. The server's time zone is the reader's (a household's
/// server is where they are).
struct DateText: Sendable {
    let now: Date
    let calendar: Calendar

    init(now: Date = Date(), calendar: Calendar = .current) {
        self.now = now
        self.calendar = calendar
    }

    /// `28 Nov 14:05`, or `28 Nov 2024` for another year.
    func short(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let month = Self.months[max(0, min(11, (parts.month ?? 1) - 1))]
        let day = parts.day ?? 1
        if parts.year != calendar.component(.year, from: now) { return "\(day) \(month) \(parts.year ?? 0)" }
        return "\(day) \(month) " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `2026-11-28 14:05`.
    func long(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// ISO 8601 in UTC, for `<time datetime>`.
    func machine(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
