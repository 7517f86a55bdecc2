import ReduxVM
import RssCore

/// `switch`: the other of the two lists becomes the active one.
struct SwitchCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(name: "switch", summary: "make the other of the two lists the active one")

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {
        session.store.dispatch(SwitchList())
        session.showList()
    }
}
