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
        let layout = ColumnLayout([
            .init(width: numberWidth, alignment: .right), .init(width: 3), .init(width: unreadWidth, alignment: .right),
            .init(width: 24), .init(),
        ])
        var lines = [layout.render(["#", "on", "unread", "title", "url · status"], totalWidth: console.width)
            .trimmingTrailingSpaces()]
        for row in props.rows {
            var last = row.url + " · " + row.status
            if !row.tags.isEmpty { last += " · " + row.tags }
            let line = layout.render(
                [String(row.number), row.isEnabled ? "on" : "off", String(row.unread), row.title, last],
                totalWidth: console.width
            ).trimmingTrailingSpaces()
            lines.append(row.status.hasPrefix("FAIL") ? styler.color(.red, line) : line)
        }
        console.print(lines.joined(separator: "\n"))
    }
}
