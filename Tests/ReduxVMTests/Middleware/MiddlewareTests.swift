import Logging
import Testing

@testable import ReduxVM

@Suite("Middleware", .timeLimit(.minutes(5)))
struct MiddlewareTests {
    @Test("plain middleware runs in declared order, then stated middleware, before the reducer")
    func order() async {
        let calls = Recorder<String>()
        let store = Store(
            state: CounterState(),
            middleware: [Tracer(name: "a", calls: calls), Tracer(name: "b", calls: calls)],
            statedMiddleware: [StatedTracer(name: "c", calls: calls), StatedTracer(name: "d", calls: calls)])
        store.dispatch(Increment())
        store.dispatch(Increment())
        await store.idle()
        #expect(calls.all == ["a", "b", "c0", "d0", "a", "b", "c1", "d1"])
    }

    @Test("a middleware can drop an action: no later middleware, reducer or subscriber sees it")
    func drop() async {
        let calls = Recorder<String>()
        let store = Store(
            state: CounterState(),
            middleware: [DropLabels(), Tracer(name: "after", calls: calls)])
        let keeper = BoxKeeper()
        store.subscribe(keeper)
        store.dispatch(SetLabel(label: "dropped"))
        store.dispatch(Increment())
        await store.idle()
        #expect(store.state == CounterState(count: 1))
        #expect(calls.all == ["after"])
        #expect(keeper.boxes.all.count == 2)
        #expect(keeper.boxes.all.last?.lastAction(is: Increment.self) == true)
    }

    @Test("a stated middleware can drop based on the state")
    func statedDrop() async {
        let store = Store(state: CounterState(), statedMiddleware: [CapAtThree()])
        for _ in 0..<10 { store.dispatch(Increment()) }
        await store.idle()
        #expect(store.state.count == 3)
    }

    @Test("LoggingMiddleware logs at the dispatch call site and skips excluded types")
    func loggingCallSite() async {
        let capture = LogCapture()
        var logger = Logger(label: "actions") { _ in capture.handler() }
        logger.logLevel = .debug
        let store = Store(
            state: CounterState(),
            middleware: [LoggingMiddleware(logger: logger, excluding: [SetLabel.self])])
        let line: UInt = #line + 1
        store.dispatch(Increment(by: 2))
        store.dispatch(SetLabel(label: "quiet"))
        await store.idle()
        let entries = capture.entries
        #expect(entries.count == 1)
        #expect(entries.first?.file == #fileID)
        #expect(entries.first?.line == line)
        #expect(entries.first?.message.contains("Increment(by: 2)") == true)
        #expect(entries.first?.metadata["action"] == "Increment")
    }

    @Test("LoggingMiddleware formats nothing when its level is off")
    func loggingLevelOff() async {
        let capture = LogCapture()
        var logger = Logger(label: "actions") { _ in capture.handler() }
        logger.logLevel = .info
        let store = Store(state: CounterState(), middleware: [LoggingMiddleware(logger: logger, level: .debug)])
        store.dispatch(Increment())
        await store.idle()
        #expect(capture.entries.isEmpty)
        #expect(store.state.count == 1)
    }
}

private struct Tracer: Middleware {
    let name: String
    let calls: Recorder<String>
    func on(action: any Action, context: DispatchContext) -> MiddlewareVerdict {
        calls.append(name)
        return .proceed
    }
}

private struct StatedTracer: StatedMiddleware {
    let name: String
    let calls: Recorder<String>
    func on(action: any Action<CounterState>, state: CounterState, context: DispatchContext) -> MiddlewareVerdict {
        calls.append("\(name)\(state.count)")
        return .proceed
    }
}

private struct DropLabels: Middleware {
    func on(action: any Action, context: DispatchContext) -> MiddlewareVerdict {
        action is SetLabel ? .drop : .proceed
    }
}

private struct CapAtThree: StatedMiddleware {
    func on(action: any Action<CounterState>, state: CounterState, context: DispatchContext) -> MiddlewareVerdict {
        action is Increment && state.count >= 3 ? .drop : .proceed
    }
}
