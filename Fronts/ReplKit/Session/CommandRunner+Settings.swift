import Foundation
import ReduxVM
import RssCore
import TerminalText

extension CommandRunner {
    func set(_ key: String, _ value: String) {
        switch SettingValue.change(key: key, value: value) {
        case .failure(let error):
            console.error(error.description)
        case .success(let change):
            let mark = state.notices.nextID
            store.dispatch(ChangeSetting(change))
            waiter.until { $0.listsSettled }
            if state.notices.nextID == mark { showSettings() }
        }
    }

    func showSettings() {
        let settings = state.settings
        func optional(_ value: Int?, _ unit: String) -> String { value.map { "\($0)\(unit)" } ?? "off" }
        console.print(
            [
                "refresh-interval      \(optional(settings.refreshInterval, " s"))",
                "page-size             \(settings.pageSize)",
                "retention-days        \(optional(settings.retentionDays, ""))",
                "retention-per-source  \(optional(settings.retentionPerSource, ""))",
            ].joined(separator: "\n"))
    }

    func help(_ topic: CommandName?) {
        if let topic {
            var lines = ["usage: \(topic.usage)", topic.summary]
            if let details = topic.details { lines += details.wrapped(toWidth: min(console.width, 100)) }
            console.print(lines.joined(separator: "\n"))
            return
        }
        let width = (CommandName.allCases.map(\.usage.displayWidth).max() ?? 20) + 2
        let layout = ColumnLayout([.init(width: width), .init()], separator: "")
        var lines = CommandName.allCases.map {
            layout.render([$0.usage, $0.summary], totalWidth: max(console.width, width + 20)).trimmingTrailingSpaces()
        }
        lines.append("Commands may be shortened (l for list); help COMMAND says more.")
        console.print(lines.joined(separator: "\n"))
    }
}
