import Dispatch
import Testing

@testable import ReduxVM

@Suite("Store dispatch", .timeLimit(.minutes(5)))
struct StoreDispatchTests {
    @Test("8 threads dispatching 10,000 actions each lose nothing and keep each thread's order")
    func concurrentDispatchLosesNothing() async {
        let store = Store(state: CounterState())
        let threads = 8
        let perThread = 10_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                store.dispatch(Append(value: thread * perThread + index))
            }
        }
        await store.idle()
        let history = store.state.history
        #expect(history.count == threads * perThread)
        for thread in 0..<threads {
            let own = history.filter { $0 / perThread == thread }
            #expect(own == Array((thread * perThread)..<((thread + 1) * perThread)))
        }
    }

    @Test("an action dispatched during processing runs after the ones already queued, never nested")
    func reentrantDispatchIsQueued() async {
        let store = Store(state: CounterState())
        // The gate, notified first, holds the executor inside 1's notification until 2 is queued, so that the
        // order does not depend on how fast this thread dispatches.
        let gate = Gate()
        store.subscribe(gate)
        let subscriber = ReentrantSubscriber(trunk: store.trunk)
        store.subscribe(subscriber)
        // Queued together: 1 then 2. Processing 1 dispatches 100, which must come after 2.
        store.dispatch(Append(value: 1))
        store.dispatch(Append(value: 2))
        gate.open()
        await store.idle()
        #expect(store.state.history == [1, 2, 100])
        #expect(subscriber.maxDepth.all.allSatisfy { $0 == 1 })
    }

    @Test("dispatch returns before the action is processed")
    func dispatchDoesNotBlock() async {
        let store = Store(state: CounterState())
        let gate = Gate()
        store.subscribe(gate)
        store.dispatch(Increment())  // its notification blocks the executor until the gate opens
        store.dispatch(Increment())
        #expect(store.state.count <= 1)
        gate.open()
        await store.idle()
        #expect(store.state.count == 2)
    }

    @Test("processed() waits for earlier actions only; idle() also for side-effect tasks")
    func processedAndIdle() async {
        let store = Store(state: CounterState())
        for _ in 0..<100 { store.dispatch(Increment()) }
        await store.processed()
        #expect(store.state.count == 100)
        // processed() may resume while the drain that ran them is still finishing its batch: only idle()
        // promises that nothing is running.
        await store.idle()
        #expect(store.isIdle)
    }

    @Test("idle() returns at once on a new store")
    func idleOnNewStore() async {
        let store = Store(state: CounterState())
        await store.idle()
        #expect(store.isIdle)
        #expect(store.state == CounterState())
    }

    @Test("sequence numbers follow FIFO order")
    func sequenceNumbers() async {
        let store = Store(state: CounterState())
        let contexts = Recorder<DispatchContext>()
        let recorder = ContextRecorder(contexts)
        store.subscribe(recorder)
        for _ in 0..<10 { store.dispatch(Increment()) }
        await store.idle()
        withExtendedLifetime(recorder) {}
        #expect(contexts.all.map(\.sequence) == Array(1...10))
    }
}

/// Dispatches once from inside a notification and records how deeply notifications nest.
private final class ReentrantSubscriber: StoreSubscriber {
    let trunk: Trunk<CounterState>
    let maxDepth = Recorder<Int>()
    private let active = Locked(0)

    init(trunk: Trunk<CounterState>) { self.trunk = trunk }

    func newState(box: StateBox<CounterState>) {
        let level = active.withLock { depth in
            depth += 1
            return depth
        }
        maxDepth.append(level)
        if box.lastAction(as: Append.self)?.value == 1 {
            trunk.dispatch(Append(value: 100))
        }
        active.withLock { $0 -= 1 }
    }
}

/// Holds the store's executor inside the first notification until opened.
private final class Gate: StoreSubscriber, Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let first = Locked(true)

    func newState(box: StateBox<CounterState>) {
        guard !box.isInitialDelivery else { return }
        let isFirst = first.withLock { value in
            defer { value = false }
            return value
        }
        if isFirst { semaphore.wait() }
    }

    func open() { semaphore.signal() }
}

private final class ContextRecorder: StoreSubscriber, Sendable {
    let contexts: Recorder<DispatchContext>
    init(_ contexts: Recorder<DispatchContext>) { self.contexts = contexts }
    func newState(box: StateBox<CounterState>) {
        if let context = box.lastActionContext { contexts.append(context) }
    }
}
