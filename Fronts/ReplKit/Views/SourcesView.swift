import Foundation
import ReduxVM
import TerminalText

/// The source table, printed by `sources`.
final class SourcesView: PropsReceiver {
    private let console: Console
    private(set) var props: SourcesProps?

    init(console: Console) {
        self.console = console
    }

    func render(props: SourcesProps) {
        self.props = props
    }

    func show() {
        guard let props else { return }
        guard !props.rows.isEmpty else {
            console.print("no sources yet; add one with: add URL")
            return
        }
        let styler = console.styler
        let numberWidth = max(2, String(props.rows.count).count)
        let unreadWidth = max(6, props.rows.map { String($0.unread).count }.max() ?? 0)
        let dates = ScheduleDates()
        let schedules = props.rows.map { Self.scheduleCells($0.schedule, dates: dates) }
        let layout = ColumnLayout(
            [
                .init(width: numberWidth, alignment: .right), .init(width: 3),
                .init(width: unreadWidth, alignment: .right), .init(width: 24),
            ] + Self.scheduleColumns(schedules) + [.init()])
        var lines = [
            layout.render(["#", "on", "unread", "title"] + Self.scheduleHeadings + ["status · url"], totalWidth: console.width)
                .trimmingTrailingSpaces()
        ]
        for (row, schedule) in zip(props.rows, schedules) {
            // The status (the last error, if any) first: a narrow terminal cuts the end of the address.
            var last = row.status + " · " + row.url
            if !row.tags.isEmpty { last += " · " + row.tags }
            let line = layout.render(
                [String(row.number), row.isEnabled ? "on" : "off", String(row.unread), row.title] + schedule + [last],
                totalWidth: console.width
            ).trimmingTrailingSpaces()
            lines.append(row.status.hasPrefix("FAIL") ? styler.color(.red, line) : line)
        }
        console.print(lines.joined(separator: "\n"))
    }
}
