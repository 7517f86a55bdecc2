import Logging
import Testing

@testable import ReduxVM

@Suite("Snapshot strategies", .timeLimit(.minutes(5)))
struct SnapshotStrategyTests {
    @Test("both strategies reach the same states and report the same old states")
    func strategiesAgree() async {
        func run(_ strategy: SnapshotStrategy) async -> [[Int]] {
            var options = StoreOptions()
            options.snapshots = strategy
            let store = Store(state: CounterState(), options: options)
            let keeper = BoxKeeper()
            store.subscribe(keeper)
            for value in 0..<200 { store.dispatch(Append(value: value % 7)) }
            store.dispatch(Noop())
            await store.idle()
            return keeper.boxes.all.flatMap { [$0.oldState.history, $0.state.history] }
        }
        let replayed = await run(.replayOnSpareCopy)
        let copied = await run(.copyOnWrite)
        #expect(replayed == copied)
    }

    @Test("a non-deterministic reducer is detected, logged and repaired")
    func nonDeterministicReducerIsRepaired() async {
        let messages = LogCapture()
        var options = StoreOptions()
        options.verifiesReducerDeterminism = true
        let store = Store(
            state: CounterState(), options: options,
            logger: Logger(label: "test") { _ in messages.handler() })
        store.dispatch(Impure())
        store.dispatch(Increment())
        store.dispatch(Increment())
        await store.idle()
        // Impure adds 1 the first time it runs and 2 the second: the repaired copy follows the first run.
        #expect(store.state.count == 3)
        #expect(messages.entries.contains { $0.message.contains("not deterministic") && $0.level == .error })
    }
}

/// A reducer that breaks the rules: it gives a different result each time it runs.
private struct Impure: Action {
    static let runs = Locked(0)
    func updateState(_ state: inout CounterState) {
        let run = Impure.runs.withLock { runs in
            runs += 1
            return runs
        }
        state.count += run
    }
}
