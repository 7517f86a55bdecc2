package import Foundation
import ReduxVM
import RssCore

/// A source's own settings, as the web front changes them (the APIs change titles and tags only).
extension ServeLibrary {
    /// Stops fetching `source` (its articles stay), or fetches it again; returns once the state has it.
    package func setEnabled(_ source: UUID, _ isEnabled: Bool) async {
        store.dispatch(SetSourceEnabled(id: source, isEnabled: isEnabled))
        await store.databaseSettled()
    }

    /// Fetches the web page of each new article of `source` for its full text, or stops.
    package func setFullText(_ source: UUID, _ isOn: Bool) async {
        store.dispatch(SetSourceFullText(id: source, on: isOn))
        await store.databaseSettled()
    }

    /// Fetches `source` every `interval` seconds, or (nil) as the library's refresh interval says.
    package func setInterval(_ source: UUID, _ interval: TimeInterval?) async {
        store.dispatch(SetSourceInterval(id: source, interval: interval))
        await store.databaseSettled()
    }
}
