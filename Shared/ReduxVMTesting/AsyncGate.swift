import ReduxVM

/// A one-shot gate for tests: tasks that ``wait()`` are held until ``open()``, and pass at once after it.
///
/// For holding a side effect's task at a known point (a fetch in flight, the first task of a lane) while a
/// test dispatches what should happen meanwhile.
public final class AsyncGate: Sendable {
    private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// A closed gate.
    public init() {}

    /// Suspends until the gate is open (returns at once when it already is).
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openAlready = state.withLock { state in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if openAlready { continuation.resume() }
        }
    }

    /// Opens the gate for good, letting every waiter through.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
