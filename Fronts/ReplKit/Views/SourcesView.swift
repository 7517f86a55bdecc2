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
        // Row numbers count from 1 in the table's order, so a row's cells are at its number - 1.
        let schedules = props.rows.map { Self.scheduleCells($0.schedule, dates: dates) }
        let layout = ColumnLayout(
            [
                .init(width: numberWidth, alignment: .right), .init(width: 3),
                .init(width: unreadWidth, alignment: .right), .init(width: 24),
            ] + Self.scheduleColumns(schedules) + [.init()])
        let header = layout.render(
            ["#", "on", "unread", "title"] + Self.scheduleHeadings + ["status · url"], totalWidth: console.width
        ).trimmingTrailingSpaces()
        let width = console.width
        let line = { (row: SourcesProps.Row) -> String in
            // The status (the last error, if any) first: a narrow terminal cuts the end of the address.
            var last = row.status + (row.isFullText ? " · full text" : "") + " · " + row.url
            if !row.tags.isEmpty { last += " · " + row.tags }
            let line = layout.render(
                [String(row.number), row.isEnabled ? "on" : "off", String(row.unread), row.title]
                    + schedules[row.number - 1] + [last],
                totalWidth: width
            ).trimmingTrailingSpaces()
            return row.status.hasPrefix("FAIL") ? styler.color(.red, line) : line
        }
        let body = props.groups.isEmpty ? props.rows.map(line) : grouped(props, line: line)
        console.print(([header] + body).joined(separator: "\n"))
    }

    /// The rows under a heading per tag (`#news · 3 sources · 12 unread`), the untagged ones last; a source with
    /// several tags shows under each, with its one number.
    private func grouped(_ props: SourcesProps, line: (SourcesProps.Row) -> String) -> [String] {
        let rows = Dictionary(props.rows.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        return props.groups.flatMap { group in
            let name = group.tag.map { "#" + $0 } ?? "untagged"
            let count = "\(group.numbers.count) source\(group.numbers.count == 1 ? "" : "s")"
            let heading = console.styler.bold("\(name) · \(count) · \(group.unread) unread")
            return [heading] + group.numbers.compactMap { rows[$0] }.map(line)
        }
    }
}
