import ReduxVM

// The scenarios on the bare loop: the same mutation and the same per-delivery work as on the engine, called
// directly on one serial queue. Subscribers' closures receive the state they need, borrowed; nothing keeps it.
// The state is confined to the loop's queue, so its dynamic exclusivity checks are off, as in the engine.

/// (a): the mutation alone.
final class MutationOnly<A: Action>: LoopBody {
    @exclusivity(unchecked) var state: A.State

    init(_ state: A.State) { self.state = state }

    func process(_ action: A) { action.updateState(&state) }
}

/// (b) and (d): the mutation, then every subscriber's closure with the new state.
final class Subscribers<A: Action>: LoopBody {
    @exclusivity(unchecked) var state: A.State
    let subscribers: BareCalls<A.State>

    init(_ state: A.State, subscribers: [(A.State) -> Void]) {
        self.state = state
        self.subscribers = BareCalls(subscribers)
    }

    func process(_ action: A) {
        action.updateState(&state)
        subscribers.callAll(state)
    }
}

/// (c): the mutation, then every presenter's closure with the old and new state.
final class Presenters: LoopBody {
    @exclusivity(unchecked) var state = CounterState()
    let presenters: BareCalls<(old: CounterState, new: CounterState)>

    init(presenters: [((old: CounterState, new: CounterState)) -> Void]) {
        self.presenters = BareCalls(presenters)
    }

    func process(_ action: Increment) {
        let old = state
        action.updateState(&state)
        presenters.callAll((old, state))
    }
}

/// What ``LabelPresenter`` and the engine do for one view, by hand: the reaction (the same key-path
/// comparison as `isNew`), then props, the equality check and the render.
final class BareLabelPresenter {
    let view: LabelView
    var lastDelivered: String?

    init(view: LabelView) { self.view = view }

    func notify(old: CounterState, new: CounterState) {
        guard old[keyPath: \.label] != new[keyPath: \.label] else { return }
        let props = new.label
        guard props != lastDelivered else { return }
        lastDelivered = props
        view.render(props: props)
    }
}

extension Scenario {
    /// Runs the scenario once on the bare loop; returns its wall and CPU time, after checking the work happened.
    func runBareLoop(actions count: Int) async throws -> Timing {
        switch self {
        case .counter:
            let loop = SerialLoop(MutationOnly<Increment>(CounterState()))
            let stopwatch = Stopwatch()
            for _ in 0..<count { loop.dispatch(Increment()) }
            await loop.idle()
            let elapsed = stopwatch.elapsed()
            try check(loop.body.state.count == count, "count")
            return elapsed
        case .counterSubscribers:
            let subscribers = (0..<10).map { _ in CountingSubscriber<CounterState>() }
            let loop = SerialLoop(
                Subscribers<Increment>(CounterState(), subscribers: subscribers.map { s in { _ in s.record() } }))
            let stopwatch = Stopwatch()
            for _ in 0..<count { loop.dispatch(Increment()) }
            await loop.idle()
            let elapsed = stopwatch.elapsed()
            try check(subscribers.allSatisfy { $0.count == count }, "deliveries")
            return elapsed
        case .skippingPresenters:
            let views = (0..<10).map { _ in LabelView() }
            let presenters = views.map { BareLabelPresenter(view: $0) }
            for presenter in presenters {
                presenter.lastDelivered = ""
                presenter.view.render(props: "")
            }
            let loop = SerialLoop(
                Presenters(presenters: presenters.map { p in { p.notify(old: $0.old, new: $0.new) } }))
            let stopwatch = Stopwatch()
            for _ in 0..<count { loop.dispatch(Increment()) }
            await loop.idle()
            let elapsed = stopwatch.elapsed()
            try check(views.allSatisfy { $0.count == 1 }, "renders")
            try check(loop.body.state.count == count, "count")
            return elapsed
        case .largeState:
            let subscribers = (0..<10).map { _ in CountingSubscriber<RowsState>() }
            let loop = SerialLoop(
                Subscribers<BumpRow>(RowsState(), subscribers: subscribers.map { s in { _ in s.record() } }))
            let stopwatch = Stopwatch()
            for index in 0..<count { loop.dispatch(BumpRow(index: index % 10_000)) }
            await loop.idle()
            let elapsed = stopwatch.elapsed()
            try check(subscribers.allSatisfy { $0.count == count }, "deliveries")
            try check(loop.body.state.rows.reduce(0) { $0 + $1.value } == count, "sum")
            return elapsed
        }
    }
}
