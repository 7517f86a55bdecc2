import Foundation
import FrontKit
import TerminalText

/// The schedule's columns of the source table: fetched, next due (why), fails.
extension SourcesView {
    /// The columns' headings.
    static let scheduleHeadings = ["fetched", "next due", "fails"]

    /// The columns, sized to `rows` (their headings included).
    static func scheduleColumns(_ rows: [[String]]) -> [ColumnLayout.Column] {
        let widths = ColumnLayout.naturalWidths(of: [scheduleHeadings] + rows)
        return [.init(width: widths[0]), .init(width: widths[1]), .init(width: widths[2], alignment: .right)]
    }

    /// One row's cells: times as `dates` writes them, `now` for a source due at the next look, `-` for none.
    static func scheduleCells(_ cells: ScheduleSummary, dates: ScheduleDates) -> [String] {
        let due: String
        switch cells.due {
        case nil: due = "-"
        case .distantPast?: due = "now"
        case let date?: due = dates.text(date)
        }
        return [cells.lastFetch.map(dates.text) ?? "-", "\(due) (\(cells.dueReason))", String(cells.failures)]
    }
}

/// How the table writes a time: `14:05` today, `06-14 14:05` another day (local time).
struct ScheduleDates {
    private let today: DateFormatter
    private let otherDays: DateFormatter
    private let calendar: Calendar
    private let now: Date

    init(now: Date = Date(), timeZone: TimeZone = .current) {
        func formatter(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = format
            return formatter
        }
        today = formatter("HH:mm")
        otherDays = formatter("MM-dd HH:mm")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.now = now
    }

    /// `date` as the table writes it.
    func text(_ date: Date) -> String {
        (calendar.isDate(date, inSameDayAs: now) ? today : otherDays).string(from: date)
    }
}
