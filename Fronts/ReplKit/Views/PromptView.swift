import ReduxVM

/// Keeps the line editor's prompt in step with the state.
final class PromptView: PropsReceiver {
    private let console: Console
    private(set) var text = "rss> "

    init(console: Console) {
        self.console = console
    }

    func render(props: PromptProps) {
        text = props.text
        console.setPrompt(props.text)
    }
}
