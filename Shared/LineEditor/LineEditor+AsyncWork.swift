import Synchronization

extension LineEditor {
    /// Runs `work` on the concurrency pool and returns its result, running the requests made meanwhile: how
    /// code on the editor's thread waits for async work (a store's query, a database's closing).
    ///
    /// The editor's thread cannot `await`. libedit reads a line in a blocking C call that calls back into Swift
    /// on the thread that made it, so that thread is a plain thread, not a task, and what a program does between
    /// two reads runs there synchronously. This is where such code waits, and it waits as a read does: in
    /// `poll` on the wake-up pipe (``waitForRequests()``), not on a semaphore, so renderings and prompt changes
    /// posted through ``remote`` are handled, and signals noted, while the work runs, and the work's end is
    /// one more request.
    ///
    /// Call it on the editor's thread while the editor is open: a closed editor has no pipe to wait on, and
    /// waiting there stops the program.
    ///
    /// ```swift
    /// let count = editor.wait { await library.articleCount() }
    /// ```
    public func wait<Value: Sendable>(for work: @escaping @Sendable () async -> Value) -> Value {
        precondition(!closed, "LineEditor.wait(for:) called after close()")
        let outcome = WorkOutcome<Value>()
        let remote = self.remote
        Task {
            let value = await work()
            outcome.value.withLock { $0 = value }
            remote.execute {}  // wakes this thread; the loop below sees the value
        }
        while true {
            if let value = outcome.value.withLock({ $0 }) { return value }
            waitForRequests()
        }
    }
}

/// The result of the work ``LineEditor/wait(for:)`` waits for, handed from the task that made it to the
/// editor's thread.
private final class WorkOutcome<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
