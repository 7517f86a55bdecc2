import ReduxVM

/// The actions a ``TestStore``'s store has processed and the test has not yet asserted, in order.
///
/// Appended to on the store's executor by a tap; read by the test. Waiters are woken on every append.
final class ActionLog<State: Sendable>: Sendable {
    private struct Contents {
        var records: [ProcessedAction<State>] = []
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterID: UInt64 = 0
        var appendCount = 0
    }

    private let contents = Locked(Contents())

    func append(_ record: ProcessedAction<State>) {
        let waiters = contents.withLock { contents in
            contents.records.append(record)
            contents.appendCount += 1
            defer { contents.waiters.removeAll() }
            return Array(contents.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func takeFirst() -> ProcessedAction<State>? {
        contents.withLock { $0.records.isEmpty ? nil : $0.records.removeFirst() }
    }

    /// Takes the oldest record that `matches`, leaving the others in order.
    func takeFirst(where matches: (ProcessedAction<State>) -> Bool) -> ProcessedAction<State>? {
        contents.withLock { contents in
            guard let index = contents.records.firstIndex(where: matches) else { return nil }
            return contents.records.remove(at: index)
        }
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

    /// The number of records ever appended; pass it to ``waitForAppend(after:)`` so that an append made
    /// between reading the log and starting to wait is not missed.
    var appendCount: Int { contents.withLock { $0.appendCount } }

    /// Suspends until more than `count` records have ever been appended (or the waiting task is cancelled).
    func waitForAppend(after count: Int) async {
        let id = contents.withLock { contents in
            contents.nextWaiterID += 1
            return contents.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = contents.withLock { contents in
                    if Task.isCancelled || contents.appendCount > count { return true }
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
