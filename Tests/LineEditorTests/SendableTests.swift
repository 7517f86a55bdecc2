import LineEditor
import Testing

/// Compile-time check of what may cross threads: the remote and the values, but not the editor itself.
@Suite("Sendable public types")
struct SendableTests {
    @Test("the remote and the value types are Sendable")
    func sendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(LineEditorRemote.self)
        requireSendable(LineEditorInput.self)
        requireSendable(LineEditorError.self)
        requireSendable(CompletionRequest.self)
        requireSendable(FilePathCompleter.self)
        requireSendable(XDGDirectories.self)
    }
}
