import FrontKit
import ReduxVM
import RssCore

/// `enable SOURCE`: refreshes a disabled source again.
struct EnableCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "enable", arguments: [.source], summary: "refresh a disabled source again",
        details: CommandSpec.sourceDetails)

    let source: String

    init(source: String) { self.source = source }

    init(words: [String]) throws(CommandError) {
        source = try Self.requiredSource(words)
    }

    func run(in session: CommandRunner) {
        session.setEnabled(source, true)
    }
}

extension CommandRunner {
    /// Enables or disables the source `text` names, and says so.
    func setEnabled(_ text: String, _ enabled: Bool) {
        withSource(text) { source in
            store.dispatch(SetSourceEnabled(id: source.id, isEnabled: enabled))
            waiter.until { _ in true }
            console.print("\(enabled ? "enabled" : "disabled") “\(UserMessage.line(source.title))”")
        }
    }
}
