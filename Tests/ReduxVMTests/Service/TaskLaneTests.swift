import Dispatch
import ReduxVMTesting
import Testing

@testable import ReduxVM

@Suite("Task lanes: ordered side-effect tasks", .timeLimit(.minutes(5)))
struct TaskLaneTests {
    @Test("tasks of one lane run one at a time, in the order they were started, whatever they cost")
    func oneLaneKeepsStartOrder() async {
        let store = Store(state: CounterState())
        let lane = TaskLane("database")
        // The first task is the slowest: without the lane the last one would report first.
        for (value, delay) in [(1, 60), (2, 20), (3, 0)] {
            store.trunk.run(in: lane) { trunk in
                try? await Task.sleep(for: .milliseconds(delay))  // cancelled: report anyway, order is the point
                trunk.dispatch(Append(value: value))
            }
        }
        await store.idle()
        #expect(store.state.history == [1, 2, 3])
    }

    @Test("a task of a lane starts only after the previous one ended, never overlapping it")
    func noOverlap() async {
        let store = Store(state: CounterState())
        let running = Locked(0)
        let overlaps = Locked(0)
        for _ in 0..<20 {
            store.trunk.run(in: TaskLane("one")) { _ in
                if running.withLock({ value in value += 1; return value }) > 1 { overlaps.withLock { $0 += 1 } }
                await Task.yield()
                running.withLock { $0 -= 1 }
            }
        }
        await store.idle()
        #expect(overlaps.withLock { $0 } == 0)
    }

    @Test("different lanes, and tasks in no lane, run concurrently")
    func lanesAreIndependent() async {
        let store = Store(state: CounterState())
        let gate = AsyncGate()
        store.trunk.run(in: TaskLane("slow")) { trunk in
            await gate.wait()
            trunk.dispatch(Append(value: 1))
        }
        store.trunk.run(in: TaskLane("fast")) { trunk in
            trunk.dispatch(Append(value: 2))
        }
        store.trunk.run { trunk in
            trunk.dispatch(Append(value: 3))
        }
        while store.state.history.count < 2 { await Task.yield() }
        #expect(Set(store.state.history) == [2, 3])
        gate.open()
        await store.idle()
        #expect(store.state.history.last == 1)
    }

    @Test("a waiting task that is cancelled keeps its place: it runs cancelled, and later tasks stay behind it")
    func cancelledTaskKeepsItsPlace() async {
        let store = Store(state: CounterState())
        let lane = TaskLane("database")
        let gate = AsyncGate()
        store.trunk.run(in: lane) { trunk in
            await gate.wait()
            trunk.dispatch(Append(value: 1))
        }
        store.trunk.run(id: "reload", in: lane) { trunk in
            trunk.dispatch(Append(value: Task.isCancelled ? -2 : 2))
        }
        store.trunk.run(in: lane) { trunk in
            trunk.dispatch(Append(value: 3))
        }
        store.trunk.cancel(id: "reload")
        gate.open()
        await store.idle()
        #expect(store.state.history == [1, -2, 3])
    }

    @Test("idle() waits for every task of a lane, including those still waiting their turn")
    func idleWaitsForTheLane() async {
        let store = Store(state: CounterState())
        for value in 1...5 {
            store.trunk.run(in: TaskLane("database")) { trunk in
                try? await Task.sleep(for: .milliseconds(5))  // cancelled: dispatch anyway, nothing cancels here
                trunk.dispatch(Append(value: value))
            }
        }
        #expect(!store.isIdle)
        await store.idle()
        #expect(store.state.history == [1, 2, 3, 4, 5])
        #expect(store.runningTaskCount == 0)
    }

    @Test("side effects started by successive actions run in dispatch order in their lane")
    func sideEffectsInDispatchOrder() async {
        let store = Store(state: LoadState())
        store.register(LaneLoadService())
        for id in 1...30 { store.dispatch(StartLoad(id: id)) }
        await store.idle()
        #expect(store.state.loaded == Array(1...30))
    }

    @Test("a registered service can be found by its type")
    func serviceLookup() async {
        let store = Store(state: LoadState())
        #expect(store.service(LaneLoadService.self) == nil)
        let service = LaneLoadService()
        store.register(service)
        #expect(store.service(LaneLoadService.self) === service)
    }
}

/// Loads in one lane, the later loads quicker than the earlier ones, so that only the lane keeps their order.
private final class LaneLoadService: Service {
    typealias State = LoadState

    var sideEffects: [any SideEffect<LaneLoadService>] { [LaneLoadSE()] }
}

private struct LaneLoadSE: SideEffect {
    func condition(box: StateBox<LoadState>) -> Bool {
        box.lastAction(is: StartLoad.self)
    }

    func execute(box: StateBox<LoadState>, trunk: Trunk<LoadState>, service: LaneLoadService) {
        guard let id = box.lastAction(as: StartLoad.self)?.id else { return }
        trunk.run(in: TaskLane("loads")) { trunk in
            try? await Task.sleep(for: .milliseconds(max(0, 31 - id)))  // cancelled: nothing cancels here
            trunk.dispatch(FinishLoad(id: id))
        }
    }
}
