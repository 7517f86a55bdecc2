import ReduxVM
import TerminalText

/// The feeds an `add URL` found on a page, printed numbered when there are several to choose from.
final class DiscoveryView: PropsReceiver {
    private let console: Console
    private(set) var props: DiscoveryProps?

    init(console: Console) {
        self.console = console
    }

    func render(props: DiscoveryProps) {
        self.props = props
    }

    /// Prints the feeds found and how to follow one.
    func show() {
        guard let props, !props.feeds.isEmpty else { return }
        let numberWidth = max(2, String(props.feeds.count).count)
        let layout = ColumnLayout([
            .init(width: numberWidth, alignment: .right), .init(width: 28), .init(width: 4), .init(),
        ])
        var lines = ["\(props.page) declares \(props.feeds.count) feeds:"]
        for feed in props.feeds {
            lines.append(
                layout.render([String(feed.number), feed.title, feed.format, feed.url], totalWidth: console.width)
                    .trimmingTrailingSpaces())
        }
        lines.append("add N follows feed N")
        console.print(lines.joined(separator: "\n"))
    }
}
