import ReduxVM

// The four workloads of the engine benchmark. Each dispatches `count` actions from one thread and waits
// until they are processed; the figure is the time of that whole span. Each runs on the engine and on the
// bare loop (BareLoopRuns.swift), with the same states, actions and per-delivery work.

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

    /// Runs the scenario once on a store; returns its wall and CPU time, after checking that the work happened.
    func runEngine(actions count: Int, strategy: SnapshotStrategy) async throws -> Timing {
        var options = StoreOptions()
        options.snapshots = strategy
        options.verifiesReducerDeterminism = false
        switch self {
        case .counter:
            let store = Store(state: CounterState(), options: options)
            let stopwatch = Stopwatch()
            for _ in 0..<count { store.dispatch(Increment()) }
            await store.idle()
            let elapsed = stopwatch.elapsed()
            try check(store.state.count == count, "count")
            return elapsed
        case .counterSubscribers:
            let store = Store(state: CounterState(), options: options)
            let subscribers = (0..<10).map { _ in CountingSubscriber<CounterState>() }
            for subscriber in subscribers { store.subscribe(subscriber) }
            await store.idle()
            let stopwatch = Stopwatch()
            for _ in 0..<count { store.dispatch(Increment()) }
            await store.idle()
            let elapsed = stopwatch.elapsed()
            try check(subscribers.allSatisfy { $0.count == count + 1 }, "deliveries")
            return elapsed
        case .skippingPresenters:
            let store = Store(state: CounterState(), options: options)
            let views = (0..<10).map { _ in LabelView() }
            for view in views { store.connect(LabelPresenter(), to: view, on: .inline) }
            await store.idle()
            let stopwatch = Stopwatch()
            for _ in 0..<count { store.dispatch(Increment()) }
            await store.idle()
            let elapsed = stopwatch.elapsed()
            try check(views.allSatisfy { $0.count == 1 }, "renders")
            try check(store.state.count == count, "count")
            return elapsed
        case .largeState:
            let store = Store(state: RowsState(), options: options)
            let subscribers = (0..<10).map { _ in CountingSubscriber<RowsState>() }
            for subscriber in subscribers { store.subscribe(subscriber) }
            await store.idle()
            let stopwatch = Stopwatch()
            for index in 0..<count { store.dispatch(BumpRow(index: index % 10_000)) }
            await store.idle()
            let elapsed = stopwatch.elapsed()
            try check(subscribers.allSatisfy { $0.count == count + 1 }, "deliveries")
            try check(store.state.rows.reduce(0) { $0 + $1.value } == count, "sum")
            return elapsed
        }
    }
}
