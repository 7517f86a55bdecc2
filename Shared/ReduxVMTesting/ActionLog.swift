import ReduxVM
import Synchronization

/// The actions a ``TestStore``'s store has processed and the test has not yet asserted, in order.
///
/// Appended to on the store's executor by a tap; read by the test. Waiters are woken on every append.
final class ActionLog<State: Sendable>: Sendable {
    private struct Contents {
        var records: [ProcessedAction<State>] = []
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterID: UInt64 = 0
    }

    private let contents = Mutex(Contents())

    func append(_ record: ProcessedAction<State>) {
        let waiters = contents.withLock { contents in
            contents.records.append(record)
            defer { contents.waiters.removeAll() }
            return Array(contents.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func takeFirst() -> ProcessedAction<State>? {
        contents.withLock { $0.records.isEmpty ? nil : $0.records.removeFirst() }
    }

    func take(sequence: UInt64) -> ProcessedAction<State>? {
        contents.withLock { contents in
            guard let index = contents.records.firstIndex(where: { $0.context.sequence == sequence }) else {
                return nil
            }
            return contents.records.remove(at: index)
        }
    }

    func takeAll() -> [ProcessedAction<State>] {
        contents.withLock { contents in
            defer { contents.records.removeAll() }
            return contents.records
        }
    }

    /// Suspends until the next append (or until the waiting task is cancelled).
    func waitForAppend() async {
        let id = contents.withLock { contents in
            contents.nextWaiterID += 1
            return contents.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = contents.withLock { contents in
                    if Task.isCancelled { return true }
                    contents.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = contents.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
