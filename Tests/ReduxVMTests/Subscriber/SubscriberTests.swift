import Testing

@testable import ReduxVM

@Suite("Subscribers", .timeLimit(.minutes(5)))
struct SubscriberTests {
    @Test("a subscriber that goes away is purged")
    func weakSubscriberIsPurged() async {
        let store = Store(state: CounterState())
        var keeper: BoxKeeper? = BoxKeeper()
        store.subscribe(keeper!)
        await store.idle()
        #expect(await store.subscriptionCount() == 1)
        keeper = nil
        store.dispatch(Increment())
        await store.idle()
        #expect(await store.subscriptionCount() == 0)
    }

    @Test("unsubscribe stops deliveries; subscribing twice delivers once")
    func unsubscribe() async {
        let store = Store(state: CounterState())
        let keeper = BoxKeeper()
        store.subscribe(keeper)
        store.subscribe(keeper)
        store.dispatch(Increment())
        await store.idle()
        store.unsubscribe(keeper)
        store.dispatch(Increment())
        await store.idle()
        // initial, re-subscribe's initial, one action; nothing after unsubscribing
        #expect(keeper.boxes.all.map(\.state.count) == [0, 0, 1])
        #expect(await store.subscriptionCount() == 0)
    }

    @Test("a subscription made after a dispatch on the same thread sees that action's result first")
    func subscriptionIsOrderedWithActions() async {
        let store = Store(state: CounterState())
        store.dispatch(Increment())
        let keeper = BoxKeeper()
        store.subscribe(keeper)
        await store.idle()
        #expect(keeper.boxes.all.map(\.state.count) == [1])
    }
}
