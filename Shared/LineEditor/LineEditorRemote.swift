import CLibEdit
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The part of a ``LineEditor`` other threads may use: print a notice, change the prompt, run a job on the
/// editor's thread.
///
/// The editor itself belongs to the one thread that calls ``LineEditor/readLine()``; everything here only queues
/// a request under a lock and wakes that thread through a pipe, so a background refresh can report "12 new in
/// Source" while the user types, and the half-typed line is redrawn intact under the notice.
///
/// Requests are handled in the order they were made, between keystrokes while a line is being read. A request
/// made while the editor's thread is busy elsewhere waits for its next read (or ``LineEditor/runPending()``);
/// requests made after the editor is closed are dropped.
public final class LineEditorRemote: Sendable {
    /// One queued request.
    enum Request: Sendable {
        case notice(String)
        case prompt(String)
        case job(@Sendable (LineEditor) -> Void)
    }

    /// Signals noted by the signal router, for the editor's thread to act on.
    struct Flags: Sendable, Equatable {
        var interrupt = false
        var terminate = false
        var resize = false
        var resume = false
    }

    struct State: Sendable {
        var requests: [Request] = []
        var flags = Flags()
        var reading = false
        var closed = false
    }

    let state = Mutex(State())
    /// The read end, polled by the editor's thread.
    let wakeReadEnd: Int32
    /// The write end; written only while holding `state`'s lock and never after `closed` is set.
    private let wakeWriteEnd: Int32

    init() throws(LineEditorError) {
        var ends: [Int32] = [-1, -1]
        guard clibedit_pipe(&ends) == 0 else {
            throw LineEditorError(.pipeUnavailable, "cannot create the line editor's wake-up pipe: \(systemError())")
        }
        wakeReadEnd = ends[0]
        wakeWriteEnd = ends[1]
    }

    /// Prints `text` above the line being typed; the prompt and the typed text are redrawn below it.
    ///
    /// The text is printed as given (one line break is added if it lacks one): sanitise untrusted text first.
    public func print(_ text: String) {
        post(.notice(text))
    }

    /// Changes the prompt; a line being edited is redrawn with the new prompt at once.
    public func setPrompt(_ prompt: String) {
        post(.prompt(prompt))
    }

    /// Runs `job` on the editor's thread, between keystrokes, with the editor to use (print, prompt, history).
    ///
    /// This is how a UI architecture delivers rendering work onto the terminal's thread: a view that renders props
    /// enqueues its rendering here.
    public func enqueue(_ job: @escaping @Sendable (LineEditor) -> Void) {
        post(.job(job))
    }

    /// Runs `work` on the editor's thread, between keystrokes, in order with every other request.
    ///
    /// The shape of a view-executor requirement (ReduxVM's `ViewExecutor`), so a front can make the remote its
    /// views' executor with an empty conformance and have props rendered on the terminal's thread.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        post(.job { _ in work() })
    }

    private func post(_ request: Request) {
        state.withLock { state in
            guard !state.closed else { return }
            state.requests.append(request)
            wake()
        }
    }

    /// Records a signal for the editor's thread; returns whether the editor is reading a line now.
    func note(_ update: (inout Flags) -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            update(&state.flags)
            wake()
            return state.reading
        }
    }

    /// Takes every queued request and noted signal, oldest first.
    func takeAll() -> (requests: [Request], flags: Flags) {
        state.withLock { state in
            defer {
                state.requests.removeAll()
                state.flags = Flags()
            }
            return (state.requests, state.flags)
        }
    }

    /// Marks whether a read is in progress; starting one forgets an interrupt that arrived between reads
    /// (it was already reported to the interrupt handler).
    func setReading(_ reading: Bool) {
        state.withLock { state in
            state.reading = reading
            if reading { state.flags.interrupt = false }
        }
    }

    /// Empties the wake-up pipe after a wake-up.
    func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadEnd, &buffer, buffer.count) > 0 {}
    }

    /// Stops accepting requests and closes the pipe (once); returns what was still queued.
    func close() -> [Request] {
        state.withLock { state in
            guard !state.closed else { return [] }
            state.closed = true
            Glibc.close(wakeWriteEnd)
            Glibc.close(wakeReadEnd)
            defer { state.requests.removeAll() }
            return state.requests
        }
    }

    /// Must be called with the lock held (the write end is closed under it).
    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriteEnd, &byte, 1)
    }
}

/// The current `errno` as text, for one-line error messages.
func systemError() -> String {
    String(cString: strerror(errno))
}
