import Foundation
import ReduxVM
import TerminalText

/// The active list: kept up to date from props, printed when a command asks; remembers the numbers it printed
/// so that `open N` means the N the user saw.
final class NewsListView: PropsReceiver {
    private let console: Console
    private(set) var props: NewsListProps?
    /// Article numbers of the last list printed.
    private(set) var printedNumbers: [Int: UUID] = [:]
    private let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    /// The width of the source column.
    private let sourceWidth = 14

    init(console: Console) {
        self.console = console
    }

    func render(props: NewsListProps) {
        self.props = props
    }

    /// Prints the list as it is now.
    func show() {
        guard let props else { return }
        let width = console.width
        let styler = console.styler
        var lines = [styler.bold(props.heading)]
        if props.rows.isEmpty { lines.append("  (no articles)") }
        let numberWidth = max(3, String(props.rows.last?.number ?? 0).count)
        let layout = ColumnLayout([
            .init(width: numberWidth, alignment: .right), .init(width: 2), .init(width: 16), .init(width: sourceWidth),
            .init(),
        ])
        for row in props.rows {
            let flags = (row.isRead ? " " : "N") + (row.isStarred ? "*" : " ")
            // A story other sources carry too: "+N" after its source, kept when the name is cut.
            let more = row.alsoIn > 0 ? " +\(row.alsoIn)" : ""
            let source = row.source.truncated(toWidth: sourceWidth - more.count) + more
            let line = layout.render(
                [String(row.number), flags, dateFormatter.string(from: row.date), source, row.title],
                totalWidth: width
            ).trimmingTrailingSpaces()
            lines.append(row.isRead ? line : styler.bold(line))
        }
        printedNumbers = Dictionary(props.rows.map { ($0.number, $0.id) }, uniquingKeysWith: { first, _ in first })
        console.print(lines.joined(separator: "\n"))
    }

    /// The article the user means by `number`, from the last list printed.
    func article(numbered number: Int) -> UUID? {
        printedNumbers[number]
    }

    /// The numbers of the last list printed, for messages.
    var printedRange: ClosedRange<Int>? {
        guard let low = printedNumbers.keys.min(), let high = printedNumbers.keys.max() else { return nil }
        return low...high
    }
}
