import CLibEdit
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Routes the signals a terminal program must handle to a Swift callback, outside the signal handler.
///
/// The handler (C, in the CLibEdit shim) only writes the signal number to a pipe; a dispatch source reads the pipe
/// on a private queue and calls `handler` there. Every call into the shim's signal functions is in this file,
/// because the shim keeps its state in statics each Swift file gets its own copy of.
final class SignalRouter {
    /// The signals routed: Ctrl-C, termination, hang-up, resize, and continue after a stop.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT]

    /// Only one router may own the process's signals at a time.
    private static let active = Mutex(false)

    private let source: any DispatchSourceRead
    private let writeEnd: Int32

    /// Starts routing; `handler` runs on a private serial queue, one signal at a time.
    init(handler: @escaping @Sendable (Int32) -> Void) throws(LineEditorError) {
        let claimed = Self.active.withLock { active in
            defer { active = true }
            return !active
        }
        guard claimed else {
            throw LineEditorError(.alreadyActive, "another line editor is already open in this process")
        }
        var ends: [Int32] = [-1, -1]
        guard clibedit_pipe(&ends) == 0 else {
            Self.active.withLock { $0 = false }
            throw LineEditorError(.pipeUnavailable, "cannot create the signal pipe: \(systemError())")
        }
        let readEnd = ends[0]
        writeEnd = ends[1]
        let queue = DispatchQueue(label: "LineEditor.signals")
        source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 32)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 else { break }
                for byte in buffer[0..<count] { handler(Int32(byte)) }
            }
        }
        source.setCancelHandler { Glibc.close(readEnd) }
        source.resume()
        for signal in Self.signals { _ = clibedit_route_signal(signal, writeEnd) }
    }

    /// Puts the previous signal actions back and stops reading the pipe.
    func stop() {
        for signal in Self.signals { _ = clibedit_restore_signal(signal) }
        _ = clibedit_route_signal_fd_reset()
        Glibc.close(writeEnd)
        source.cancel()
        Self.active.withLock { $0 = false }
    }

    /// Gives `signal` its default action and raises it: for SIGINT when nobody handles interrupts.
    static func raiseWithDefaultAction(_ signal: Int32) {
        clibedit_reraise_default(signal)
    }
}
