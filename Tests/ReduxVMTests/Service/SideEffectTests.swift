import Dispatch
import Testing

@testable import ReduxVM

@Suite("Services and side effects", .timeLimit(.minutes(5)))
struct SideEffectTests {
    @Test("a side effect runs when its condition holds and reports back by dispatching")
    func conditionAndExecute() async {
        let store = Store(state: LoadState())
        store.register(LoadService(delay: .zero))
        store.dispatch(StartLoad(id: 1))
        await store.idle()
        #expect(store.state.loaded == [1])
        #expect(store.state.isLoading == false)
    }

    @Test("idle() waits for a slow asynchronous side effect")
    func idleWaitsForSlowEffect() async {
        let store = Store(state: LoadState())
        store.register(LoadService(delay: .milliseconds(300)))
        store.dispatch(StartLoad(id: 7))
        await store.processed()
        #expect(store.state.isLoading)
        #expect(store.runningTaskCount == 1)
        #expect(!store.isIdle)
        await store.idle()
        #expect(store.state.loaded == [7])
        #expect(store.runningTaskCount == 0)
    }

    @Test("a running side effect can be cancelled, and then reports nothing")
    func cancellation() async {
        let store = Store(state: LoadState())
        // Ten minutes: were cancellation not to work, idle() would outlast the suite's time limit.
        store.register(LoadService(delay: .seconds(600)))
        store.dispatch(StartLoad(id: 1))
        await store.processed()
        #expect(store.runningTaskCount == 1)
        store.dispatch(CancelLoad())
        await store.idle()
        #expect(store.state.loaded.isEmpty)
        #expect(store.state.cancelled == 1)
    }

    @Test("starting a task with cancellingInFlight replaces the running one with the same id")
    func cancellingInFlight() async {
        let store = Store(state: LoadState())
        store.register(LoadService(delay: .milliseconds(400)))
        store.dispatch(StartLoad(id: 1))
        store.dispatch(StartLoad(id: 2))
        await store.idle()
        #expect(store.state.loaded == [2])
        #expect(store.state.cancelled == 1)
    }

    @Test("services are notified before subscribers and presenters, each in registration order")
    func notificationOrder() async {
        let order = Recorder<String>()
        let store = Store(state: CounterState())
        let early = OrderSubscriber(name: "subscriber-1", order: order)
        let view = OrderView()
        let late = OrderSubscriber(name: "subscriber-2", order: order)
        store.subscribe(early)
        store.connect(OrderPresenter(order: order), to: view, on: .inline)
        store.subscribe(late)
        store.register(OrderService(name: "service-1", order: order))
        store.register(OrderService(name: "service-2", order: order))
        await store.idle()
        _ = order.all
        let before = order.count
        store.dispatch(Increment())
        await store.idle()
        #expect(Array(order.all[before...]) == ["service-1", "service-2", "subscriber-1", "presenter", "subscriber-2"])
    }

    @Test("a service's side effects see an initial delivery when registered, and onInit runs first")
    func serviceInitialDelivery() async {
        let order = Recorder<String>()
        let store = Store(state: CounterState(count: 4))
        store.register(OrderService(name: "service", order: order))
        await store.idle()
        #expect(order.all == ["init 4", "service initial"])
    }
}

// MARK: A loading feature with the StartAction → condition → execute → FinishAction shape

struct LoadState: Equatable, Sendable {
    var isLoading = false
    var requested: Int?
    var loaded: [Int] = []
    var cancelled = 0
}

struct StartLoad: Action {
    let id: Int
    func updateState(_ state: inout LoadState) {
        state.isLoading = true
        state.requested = id
    }
}

struct FinishLoad: Action {
    let id: Int
    func updateState(_ state: inout LoadState) {
        state.isLoading = false
        state.loaded.append(id)
    }
}

struct CancelLoad: Action {
    func updateState(_ state: inout LoadState) {}
}

struct LoadCancelled: Action {
    func updateState(_ state: inout LoadState) {
        state.isLoading = false
        state.cancelled += 1
    }
}

final class LoadService: Service {
    typealias State = LoadState
    let delay: Duration
    init(delay: Duration) { self.delay = delay }
    var sideEffects: [any SideEffect<LoadService>] { [LoadSE(), CancelSE()] }
}

struct LoadSE: SideEffect {
    func condition(box: StateBox<LoadState>) -> Bool {
        box.lastAction(is: StartLoad.self)
    }

    func execute(box: StateBox<LoadState>, trunk: Trunk<LoadState>, service: LoadService) {
        guard let id = box.state.requested else { return }
        let delay = service.delay
        trunk.run(id: "load", cancellingInFlight: true) { trunk in
            do {
                try await Task.sleep(for: delay)
                trunk.dispatch(FinishLoad(id: id))
            } catch {
                trunk.dispatch(LoadCancelled())
            }
        }
    }
}

struct CancelSE: SideEffect {
    func condition(box: StateBox<LoadState>) -> Bool {
        box.lastAction(is: CancelLoad.self)
    }

    func execute(box: StateBox<LoadState>, trunk: Trunk<LoadState>, service: LoadService) {
        trunk.cancel(id: "load")
    }
}

// MARK: Order probes

final class OrderService: Service {
    let name: String
    let order: Recorder<String>
    init(name: String, order: Recorder<String>) {
        self.name = name
        self.order = order
    }
    var sideEffects: [any SideEffect<OrderService>] { [OrderSE()] }
    func onInit(state: CounterState, trunk: Trunk<CounterState>) { order.append("init \(state.count)") }
}

struct OrderSE: SideEffect {
    func condition(box: StateBox<CounterState>) -> Bool { true }
    func execute(box: StateBox<CounterState>, trunk: Trunk<CounterState>, service: OrderService) {
        service.order.append(box.isInitialDelivery ? "\(service.name) initial" : service.name)
    }
}

final class OrderSubscriber: StoreSubscriber {
    let name: String
    let order: Recorder<String>
    init(name: String, order: Recorder<String>) {
        self.name = name
        self.order = order
    }
    func newState(box: StateBox<CounterState>) { order.append(name) }
}

struct OrderPresenter: Presenter {
    let order: Recorder<String>
    func props(for box: StateBox<CounterState>, trunk: Trunk<CounterState>) -> Int? {
        order.append("presenter")
        return box.state.count
    }
}

final class OrderView: PropsReceiver {
    func render(props: Int) {}
}
