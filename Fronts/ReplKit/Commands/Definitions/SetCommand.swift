import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `set [KEY VALUE]`: shows the settings, or changes one.
struct SetCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "set",
        arguments: [
            ArgumentSpec(name: "KEY", arity: .optional, completion: .settingKeys),
            ArgumentSpec(name: "VALUE", arity: .required, completion: .settingValues),
        ],
        summary: "show the settings, or change one",
        details: "Keys: refresh-interval SECONDS|off (60 s to 30 days; 30m, 2h work too), page-size N (1-500), retention-days N|off, retention-per-source N|off, dedup on|off (a story several sources carry shown once, or every copy).")

    /// The key and value to set; nil shows the settings.
    let change: (key: String, value: String)?

    init(key: String, value: String) { change = (key, value) }

    init() { change = nil }

    init(words: [String]) throws(CommandError) {
        if words.isEmpty {
            change = nil
            return
        }
        guard words.count == 2 else { throw Self.usage("a key and a value expected") }
        change = (words[0].lowercased(), words[1].lowercased())
    }

    static func == (a: SetCommand, b: SetCommand) -> Bool {
        a.change?.key == b.change?.key && a.change?.value == b.change?.value
    }

    func run(in session: CommandRunner) {
        guard let change else {
            showSettings(session)
            return
        }
        switch SettingValue.change(key: change.key, value: change.value) {
        case .failure(let error):
            session.console.error(error.message)
        case .success(let setting):
            // A value out of range is the command's problem, which the notices view prints; else the settings.
            let ticket = CommandTicket()
            session.store.dispatch(ChangeSetting(setting, ticket: ticket))
            session.waiter.until { $0.outcomes[ticket] != nil && $0.listsSettled }
            if session.state.outcomes[ticket] == .done { showSettings(session) }
        }
    }

    private func showSettings(_ session: CommandRunner) {
        session.console.print(
            SettingValue.current(session.state.settings)
                .map { $0.key.padding(toLength: 22, withPad: " ", startingAt: 0) + $0.value }
                .joined(separator: "\n"))
    }
}
