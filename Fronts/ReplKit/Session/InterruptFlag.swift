import Synchronization

/// Set by Ctrl-C while a command runs (the editor is not reading then); taken by the waiting command.
final class InterruptFlag: Sendable {
    private let raised = Mutex(false)
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets the flag and wakes the terminal's thread if a command is waiting there.
    func raise() {
        raised.withLock { $0 = true }
        waker.withLock { $0 }?()
    }

    /// What `raise()` calls to wake a waiting command (set once the line editor exists).
    func wakeWith(_ wake: @escaping @Sendable () -> Void) {
        waker.withLock { $0 = wake }
    }

    /// Whether Ctrl-C was pressed since the last call; clears it.
    func take() -> Bool {
        raised.withLock { value in
            defer { value = false }
            return value
        }
    }
}
