import LineEditor
import ReduxVM
import RssCore

/// Wakes the terminal's thread on every state the store reaches, so that a command waiting for a state
/// (``StoreWaiter/until(_:)``) asks again exactly when it may have changed.
final class WakeOnChange: StoreSubscriber {
    let remote: LineEditorRemote

    init(remote: LineEditorRemote) {
        self.remote = remote
    }

    func newState(box: StateBox<RssState>) {
        remote.execute {}
    }
}
