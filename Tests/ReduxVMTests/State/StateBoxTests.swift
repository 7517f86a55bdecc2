import Testing

@testable import ReduxVM

@Suite("StateBox", .timeLimit(.minutes(5)))
struct StateBoxTests {
    @Test(
        "a box captured early still shows its own state after 1,000 later actions",
        arguments: [SnapshotStrategy.replayOnSpareCopy, .copyOnWrite])
    func capturedBoxIsImmutable(strategy: SnapshotStrategy) async {
        var options = StoreOptions()
        options.snapshots = strategy
        let store = Store(state: CounterState(), options: options)
        let keeper = BoxKeeper()
        store.subscribe(keeper)
        store.dispatch(Append(value: 1))
        await store.idle()
        let early = keeper.boxes.all[1]
        for value in 2...1_001 { store.dispatch(Append(value: value)) }
        await store.idle()
        #expect(early.state.history == [1])
        #expect(early.oldState.history == [])
        #expect(store.state.history == Array(1...1_001))
        let all = keeper.boxes.all
        #expect(all.count == 1_002)
        for (index, box) in all.enumerated().dropFirst() {
            #expect(box.state.history.count == index)
            #expect(box.oldState.history.count == index - 1)
        }
    }

    @Test("isNew is true on the first delivery, then exactly when the value changed")
    func isNewSemantics() async {
        let store = Store(state: CounterState())
        let keeper = BoxKeeper()
        store.subscribe(keeper)
        store.dispatch(Increment())
        store.dispatch(SetLabel(label: "a"))
        store.dispatch(SetLabel(label: "a"))
        await store.idle()
        let boxes = keeper.boxes.all
        #expect(boxes.count == 4)
        #expect(boxes[0].isInitialDelivery)
        #expect(boxes[0].isNew(keyPath: \.count) && boxes[0].isNew(keyPath: \.label))
        #expect(boxes[1].isNew(keyPath: \.count) && !boxes[1].isNew(keyPath: \.label))
        #expect(!boxes[2].isNew(keyPath: \.count) && boxes[2].isNew(keyPath: \.label))
        #expect(!boxes[3].isNew(keyPath: \.count) && !boxes[3].isNew(keyPath: \.label))
        #expect(boxes[1...].allSatisfy { !$0.isInitialDelivery })
    }

    @Test("the last action can be tested by type and by marker protocol")
    func lastActionHelpers() async {
        let store = Store(state: CounterState())
        let keeper = BoxKeeper()
        store.subscribe(keeper)
        store.dispatch(Increment(by: 3))
        store.dispatch(SetLabel(label: "x"))
        await store.idle()
        let boxes = keeper.boxes.all
        #expect(boxes[0].lastAction == nil)
        #expect(!boxes[0].lastAction(is: Increment.self))
        #expect(boxes[1].lastAction(is: Increment.self))
        #expect(boxes[1].lastAction(as: Increment.self)?.by == 3)
        #expect(!boxes[1].lastAction(is: (any LabelTag).self))
        #expect(boxes[2].lastAction(is: (any LabelTag).self))
        #expect(boxes[2].lastAction(as: Increment.self) == nil)
        #expect(boxes[2].lastActionContext?.sequence == 2)
    }
}

final class BoxKeeper: StoreSubscriber {
    let boxes = Recorder<StateBox<CounterState>>()
    func newState(box: StateBox<CounterState>) { boxes.append(box) }
}
