import Dispatch
import Testing

@testable import ReduxVM

@Suite("Presenter", .timeLimit(.minutes(5)))
struct PresenterTests {
    @Test("the first delivery renders even when the presenter's reaction is .none")
    func firstPassAlwaysRenders() async {
        let store = Store(state: CounterState(count: 5))
        let view = CountView()
        store.connect(CountPresenter(reacts: false), to: view, on: .inline)
        store.dispatch(Increment())
        await store.idle()
        #expect(view.rendered.all.map(\.text) == ["5"])
    }

    @Test("equal props are not delivered twice; changed props are")
    func equalPropsAreSkipped() async {
        let store = Store(state: CounterState())
        let view = CountView()
        store.connect(CountPresenter(reacts: true), to: view, on: .inline)
        store.dispatch(SetLabel(label: "x"))  // count unchanged: props equal
        store.dispatch(Increment())
        store.dispatch(SetLabel(label: "y"))
        store.dispatch(Increment())
        await store.idle()
        #expect(view.rendered.all.map(\.text) == ["0", "1", "2"])
    }

    @Test("props are delivered on the receiver's executor")
    func deliveredOnReceiverExecutor() async {
        let viewQueue = DispatchQueue(label: "view")
        let key = DispatchSpecificKey<String>()
        viewQueue.setSpecific(key: key, value: "view")
        let store = Store(state: CounterState())
        let view = CountView(queueKey: key)
        store.connect(CountPresenter(reacts: true), to: view, on: viewQueue)
        for _ in 0..<20 { store.dispatch(Increment()) }
        await store.idle()
        await drain(viewQueue)
        #expect(!view.rendered.all.isEmpty)
        #expect(view.queues.all.allSatisfy { $0 == "view" })
        #expect(view.rendered.all.last?.text == "20")
    }

    @Test("a slow view gets the newest props, not a backlog")
    func slowViewCoalesces() async {
        let viewQueue = DispatchQueue(label: "slow-view")
        let blocker = DispatchSemaphore(value: 0)
        viewQueue.async { blocker.wait() }
        let store = Store(state: CounterState())
        let view = CountView()
        store.connect(CountPresenter(reacts: true), to: view, on: viewQueue)
        for _ in 0..<50 { store.dispatch(Increment()) }
        await store.idle()
        blocker.signal()
        await drain(viewQueue)
        #expect(view.rendered.all.map(\.text) == ["50"])
    }

    @Test("onInit runs before the first render, onDeinit when disconnected; nothing renders afterwards")
    func lifecycle() async {
        let events = Recorder<String>()
        let store = Store(state: CounterState())
        let view = CountView(events: events)
        let binding = store.connect(CountPresenter(reacts: true, events: events), to: view, on: .inline)
        store.dispatch(Increment())
        await store.idle()
        binding.disconnect()
        store.dispatch(Increment())
        await store.idle()
        #expect(events.all == ["init 0", "render 0", "render 1", "deinit 1"])
        #expect(await store.subscriptionCount() == 0)
    }

    @Test("unsubscribe pauses deliveries; subscribe renders the current state again")
    func unsubscribeAndResubscribe() async {
        let store = Store(state: CounterState())
        let view = CountView()
        let binding = store.connect(CountPresenter(reacts: true), to: view, on: .inline)
        binding.unsubscribe()
        store.dispatch(Increment())
        store.dispatch(Increment())
        await store.idle()
        #expect(view.rendered.all.map(\.text) == ["0"])
        binding.subscribe()
        await store.idle()
        #expect(view.rendered.all.map(\.text) == ["0", "2"])
        binding.unsubscribe()
        binding.subscribe()  // resubscribing renders again even though the props are equal
        await store.idle()
        #expect(view.rendered.all.map(\.text) == ["0", "2", "2"])
    }

    @Test("a view that goes away is dropped and its presenter's onDeinit runs")
    func weakReceiverIsPurged() async {
        let events = Recorder<String>()
        let store = Store(state: CounterState())
        do {
            let view = CountView(events: events)
            store.connect(CountPresenter(reacts: true, events: events), to: view, on: .inline)
            await store.idle()
        }
        store.dispatch(Increment())
        await store.idle()
        #expect(await store.subscriptionCount() == 0)
        #expect(events.all == ["init 0", "render 0", "deinit 1"])
    }

    @Test("a command dispatches its action without the view knowing which; equal actions give equal commands")
    func commands() async {
        let store = Store(state: CounterState())
        let view = CountView()
        store.connect(CountPresenter(reacts: true), to: view, on: .inline)
        await store.idle()
        view.rendered.all.last?.increment.perform()
        await store.idle()
        #expect(store.state.count == 1)
        let trunk = store.trunk
        #expect(
            Command(dispatching: Increment(by: 1), via: trunk) == Command(dispatching: Increment(by: 1), via: trunk))
        #expect(
            Command(dispatching: Increment(by: 1), via: trunk) != Command(dispatching: Increment(by: 2), via: trunk))
        #expect(Command(id: "a") {} != Command(id: 1) {})
        let typed = CommandWith<String>(id: "label") { trunk.dispatch(SetLabel(label: $0)) }
        typed.perform(with: "typed")
        await store.idle()
        #expect(store.state.label == "typed")
    }
}

struct CountProps: Equatable, Sendable {
    let text: String
    let increment: Command
}

struct CountPresenter: Presenter {
    let reacts: Bool
    var events: Recorder<String>? = nil

    func reaction(for box: StateBox<CounterState>) -> Reaction {
        reacts && box.isNew(keyPath: \.count) ? .props : .none
    }

    func props(for box: StateBox<CounterState>, trunk: Trunk<CounterState>) -> CountProps? {
        CountProps(text: "\(box.state.count)", increment: Command(dispatching: Increment(), via: trunk))
    }

    func onInit(state: CounterState, trunk: Trunk<CounterState>) { events?.append("init \(state.count)") }
    func onDeinit(state: CounterState, trunk: Trunk<CounterState>) { events?.append("deinit \(state.count)") }
}

final class CountView: PropsReceiver, Sendable {
    let rendered = Recorder<CountProps>()
    let queues = Recorder<String>()
    let events: Recorder<String>?
    let queueKey: DispatchSpecificKey<String>?

    init(events: Recorder<String>? = nil, queueKey: DispatchSpecificKey<String>? = nil) {
        self.events = events
        self.queueKey = queueKey
    }

    func render(props: CountProps) {
        rendered.append(props)
        events?.append("render \(props.text)")
        if let queueKey { queues.append(DispatchQueue.getSpecific(key: queueKey) ?? "other") }
    }
}
