import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into a request to stop: the first one calls `onSignal` (the run cancels its
/// refresh and winds down, leaving the database sound); a second one ends the process at once.
final class SignalTrap: Sendable {
    private final class Received: Sendable {
        let value = Mutex<Int32?>(nil)
    }

    private let received = Received()
    // DispatchSource objects are thread-safe; they are only created here and kept alive for the trap's life.
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    init(signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void) {
        let received = self.received
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let isFirst = received.value.withLock { value in
                    guard value == nil else { return false }
                    value = number
                    return true
                }
                if isFirst {
                    onSignal(number)
                } else {
                    _exit(128 + number)
                }
            }
            source.resume()
            return source
        }
    }

    /// The first signal received, if any.
    var receivedSignal: Int32? { received.value.withLock { $0 } }

    /// Throws ``ReportInterrupted`` once a signal has come.
    func check() throws(ReportInterrupted) {
        if let receivedSignal { throw ReportInterrupted(signal: receivedSignal) }
    }
}
