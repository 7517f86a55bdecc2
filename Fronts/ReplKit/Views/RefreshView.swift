import ReduxVM

/// Draws "refreshing 3 of 10" in place while the user waits for a refresh they asked for (a background
/// refresh shows in the prompt instead).
final class RefreshView: PropsReceiver {
    private let console: Console
    private(set) var props: RefreshProps?

    init(console: Console) {
        self.console = console
    }

    func render(props: RefreshProps) {
        self.props = props
        if props.isRunning {
            console.showProgress("refreshing \(props.completed) of \(props.total)… (Ctrl-C cancels)")
        } else {
            console.clearProgress()
        }
    }

    /// Draws the last props again: a refresh already running (a timed one, or one an import started) shows its
    /// progress as soon as a command waits for it, not only at its next step, which may be a long way off.
    func redraw() {
        if let props { render(props: props) }
    }
}
