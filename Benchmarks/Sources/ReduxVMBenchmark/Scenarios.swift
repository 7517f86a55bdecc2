import ReduxVM
import Synchronization

// The four workloads of the engine benchmark. Each dispatches `count` actions from one thread and waits
// until the store is idle; the figure is actions per second over that whole span.

struct CounterState: Sendable, Equatable {
    var count = 0
    var label = ""
}

struct Increment: Action {
    func updateState(_ state: inout CounterState) { state.count += 1 }
}

/// One element of scenario (d)'s large state: a few fields, one of them a string, like a list row.
struct Row: Sendable, Equatable {
    var id: Int
    var value: Int
    var title: String
}

struct RowsState: Sendable, Equatable {
    var rows: [Row] = (0..<10_000).map { Row(id: $0, value: 0, title: "row \($0)") }
}

struct BumpRow: Action {
    let index: Int
    func updateState(_ state: inout RowsState) { state.rows[index].value += 1 }
}

/// Counts deliveries; an atomic, because the benchmark thread reads it after the run.
final class CountingSubscriber<State: Sendable>: StoreSubscriber {
    let deliveries = Atomic<Int>(0)
    func newState(box: StateBox<State>) { deliveries.add(1, ordering: .relaxed) }
}

/// A presenter for scenario (c): it reacts only to the label, which the benchmark never changes.
struct LabelPresenter: Presenter {
    func reaction(for box: StateBox<CounterState>) -> Reaction {
        box.isNew(keyPath: \.label) ? .props : .none
    }

    func props(for box: StateBox<CounterState>, trunk: Trunk<CounterState>) -> String? {
        box.state.label
    }
}

final class LabelView: PropsReceiver, Sendable {
    let renders = Atomic<Int>(0)
    func render(props: String) { renders.add(1, ordering: .relaxed) }
}

enum Scenario: String, CaseIterable {
    case counter = "a"
    case counterSubscribers = "b"
    case skippingPresenters = "c"
    case largeState = "d"

    var title: String {
        switch self {
        case .counter: "(a) counter, no subscribers"
        case .counterSubscribers: "(b) counter, 10 subscribers receiving every change"
        case .skippingPresenters: "(c) 10 presenters skipping via isNew on an unrelated key path"
        case .largeState: "(d) 10,000-struct array, one element per action, 10 subscribers"
        }
    }

    /// Runs the scenario once; returns the elapsed time, after checking that the work really happened.
    func run(actions count: Int, strategy: SnapshotStrategy) async throws -> Duration {
        var options = StoreOptions()
        options.snapshots = strategy
        options.verifiesReducerDeterminism = false
        let clock = ContinuousClock()
        switch self {
        case .counter:
            let store = Store(state: CounterState(), options: options)
            let start = clock.now
            for _ in 0..<count { store.dispatch(Increment()) }
            await store.idle()
            let elapsed = clock.now - start
            try check(store.state.count == count, "count")
            return elapsed
        case .counterSubscribers:
            let store = Store(state: CounterState(), options: options)
            let subscribers = (0..<10).map { _ in CountingSubscriber<CounterState>() }
            for subscriber in subscribers { store.subscribe(subscriber) }
            await store.idle()
            let start = clock.now
            for _ in 0..<count { store.dispatch(Increment()) }
            await store.idle()
            let elapsed = clock.now - start
            try check(subscribers.allSatisfy { $0.deliveries.load(ordering: .relaxed) == count + 1 }, "deliveries")
            return elapsed
        case .skippingPresenters:
            let store = Store(state: CounterState(), options: options)
            let views = (0..<10).map { _ in LabelView() }
            for view in views { store.connect(LabelPresenter(), to: view, on: .inline) }
            await store.idle()
            let start = clock.now
            for _ in 0..<count { store.dispatch(Increment()) }
            await store.idle()
            let elapsed = clock.now - start
            try check(views.allSatisfy { $0.renders.load(ordering: .relaxed) == 1 }, "renders")
            try check(store.state.count == count, "count")
            return elapsed
        case .largeState:
            let store = Store(state: RowsState(), options: options)
            let subscribers = (0..<10).map { _ in CountingSubscriber<RowsState>() }
            for subscriber in subscribers { store.subscribe(subscriber) }
            await store.idle()
            let start = clock.now
            for index in 0..<count { store.dispatch(BumpRow(index: index % 10_000)) }
            await store.idle()
            let elapsed = clock.now - start
            try check(subscribers.allSatisfy { $0.deliveries.load(ordering: .relaxed) == count + 1 }, "deliveries")
            try check(store.state.rows.reduce(0) { $0 + $1.value } == count, "sum")
            return elapsed
        }
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

func check(_ condition: Bool, _ what: String) throws {
    if !condition { throw BenchmarkFailure(description: "benchmark self-check failed: \(what)") }
}
