import ReduxVM

/// (b) on the bare loop, but queueing the record the store queued for each action until the mailbox's compact
/// jobs (see Shared/ReduxVM/Store/JobChunk.swift): the action type-erased and the whole context of its
/// dispatch (call site and order), 96 bytes. Not the floor the issue defines (that one queues the concrete
/// action); run with REDUXVM_BENCH_FLOOR=record to see what queueing such a record costs.
final class ErasedSubscribers: LoopBody {
    @exclusivity(unchecked) var state = CounterState()
    let subscribers: BareCalls<CounterState>

    init(subscribers: [(CounterState) -> Void]) {
        self.subscribers = BareCalls(subscribers)
    }

    func process(_ job: (action: any Action<CounterState>, context: DispatchContext)) {
        job.action.updateState(&state)
        subscribers.callAll(state)
    }
}

extension Scenario {
    func runRecordLoop(actions count: Int) async throws -> Timing {
        let subscribers = (0..<10).map { _ in CountingSubscriber<CounterState>() }
        let loop = SerialLoop(ErasedSubscribers(subscribers: subscribers.map { s in { _ in s.record() } }))
        let stopwatch = Stopwatch()
        for index in 0..<count {
            let context = DispatchContext(file: #fileID, function: #function, line: #line, sequence: UInt64(index))
            loop.dispatch((Increment(), context))
        }
        await loop.idle()
        let elapsed = stopwatch.elapsed()
        try check(subscribers.allSatisfy { $0.count == count }, "deliveries")
        return elapsed
    }
}
