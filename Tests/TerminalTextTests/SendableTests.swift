import TerminalText
import Testing

/// Compile-time check that the public value types can cross threads (a front renders on one, measures on another).
@Suite("Sendable public types")
struct SendableTests {
    @Test("public types are Sendable")
    func sendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(TerminalStream.self)
        requireSendable(Styler.self)
        requireSendable(TextStyle.self)
        requireSendable(TextAlignment.self)
        requireSendable(TerminalSanitizer.Whitespace.self)
    }
}
