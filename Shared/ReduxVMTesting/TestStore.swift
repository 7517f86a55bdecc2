public import ReduxVM

/// A store for tests that must account for every state change and every action side effects dispatch.
///
/// ``send(_:fileID:filePath:line:column:assert:)`` dispatches an action and checks that it changed the
/// state exactly as the closure describes, no more and no less; ``receive(_:timeout:fileID:filePath:line:column:assert:)``
/// does the same for the next action a side effect dispatched. A change or a received action that the test
/// leaves unasserted is a failure, reported at the call that missed it, with a diff.
///
/// ```swift
/// let store = TestStore(initialState: AppState())
/// store.register(FeedService(fetcher: FakeFetcher()))
/// await store.send(StartRefresh()) { $0.refresh.isRunning = true }
/// await store.receive(FinishRefresh.self) {
///     $0.refresh.isRunning = false
///     $0.articles.count = 3
/// }
/// await store.finish()
/// ```
public final class TestStore<State: Sendable & Equatable>: Sendable {
    /// The store under test; register services on it (or through ``register(_:)``) before sending.
    public let store: Store<State>

    private let log = ActionLog<State>()
    private let reporter: TestFailureReporter
    private let origin: TestSourceLocation

    /// Makes a test store around a real ``/ReduxVM/Store`` holding `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: the state before the first action.
    ///   - middleware: the store's middleware, as the program under test has it.
    ///   - statedMiddleware: the store's stated middleware, as the program under test has it.
    ///   - options: the store's options.
    ///   - reportFailure: how failures are reported; Swift Testing issues by default.
    ///   - fileID: where the test store is made, for a failure that no later call can be blamed for (actions
    ///     still unasserted when it ends); leave the default.
    ///   - filePath: as `fileID`.
    ///   - line: as `fileID`.
    ///   - column: as `fileID`.
    public init(
        initialState: State,
        middleware: [any Middleware] = [],
        statedMiddleware: [any StatedMiddleware<State>] = [],
        options: StoreOptions = StoreOptions(),
        reportFailure: TestFailureReporter = .swiftTesting,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        store = Store(
            state: initialState, middleware: middleware, statedMiddleware: statedMiddleware, options: options)
        reporter = reportFailure
        origin = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let log = self.log
        store.addTap { record in log.append(record) }
    }

    deinit {
        let leftovers = log.takeAll()
        if !leftovers.isEmpty {
            reporter.report(
                "TestStore ended with \(leftovers.count) received action(s) never asserted: "
                    + leftovers.map { describe($0.action) }.joined(separator: ", "),
                at: origin)
        }
    }

    /// The store's current state.
    public var state: State { store.state }

    /// Registers a service (built with fake dependencies) on the store.
    public func register<S: Service>(_ service: S) where S.State == State {
        store.register(service)
    }

    /// Dispatches `action` and checks its effect: the state after it must equal the state before it changed
    /// by `assert` (no closure: the action must change nothing).
    public func send<A: Action>(
        _ action: A,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        assert expectedChange: ((inout State) -> Void)? = nil
    ) async where A.State == State {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await store.processed()
        let unasserted = log.takeAll()
        if !unasserted.isEmpty {
            reporter.report(
                "Must receive \(unasserted.count) action(s) before sending \(describe(action)): "
                    + unasserted.map { describe($0.action) }.joined(separator: ", "),
                at: location)
        }
        let context = store.enqueue(action, file: fileID, function: "send", line: UInt(line))
        await store.processed()
        guard let record = log.take(sequence: context.sequence) else {
            reporter.report("\(describe(action)) was sent but the store never processed it", at: location)
            return
        }
        check(record, expectedChange, verb: "Sending", at: location)
    }

    /// How long the `receive` methods wait for an action, and ``finish(timeout:fileID:filePath:line:column:)``
    /// for the side effects to end, by default: a maximum, reached only when a test fails, so it is generous.
    /// Side effects run on the cooperative pool, which a parallel test run on two cores keeps busy: a fetch
    /// from a fake fetcher was seen to take more than two seconds to arrive there, and more than ten while
    /// another build loaded the machine (load 8), so the wait is a minute: a passing test never waits for it.
    public static var waitTimeout: Duration { .seconds(60) }

    /// Waits for the next action dispatched by a side effect, checks that it is an `A`, and checks its
    /// effect on the state like ``send(_:fileID:filePath:line:column:assert:)``.
    public func receive<A: Action>(
        _ type: A.Type,
        timeout: Duration = waitTimeout,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        assert expectedChange: ((inout State) -> Void)? = nil
    ) async where A.State == State {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let record = await nextReceived(expecting: String(reflecting: type), timeout: timeout, at: location)
        else { return }
        guard record.action is A else {
            reporter.report(
                "Expected to receive \(String(reflecting: type)), received \(describe(record.action))",
                at: location)
            return
        }
        check(record, expectedChange, verb: "Receiving", at: location)
    }

    /// Waits for a received action of type `A` that `matches`, checks it like
    /// ``receive(_:timeout:fileID:filePath:line:column:assert:)``, and leaves any other received actions queued.
    ///
    /// For side effects that run concurrently (two lists loading at once), whose actions arrive in either
    /// order: each is still asserted exactly, against the state just before it.
    public func receive<A: Action>(
        _ type: A.Type,
        where matches: @escaping (A) -> Bool,
        timeout: Duration = waitTimeout,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        assert expectedChange: ((inout State) -> Void)? = nil
    ) async where A.State == State {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let record = await nextReceived(
            expecting: "a matching \(String(reflecting: type))", timeout: timeout, at: location
        ) { record in
            (record.action as? A).map(matches) ?? false
        }
        guard let record else { return }
        check(record, expectedChange, verb: "Receiving", at: location)
    }

    /// Waits for the next received action, accepting it without checking the state, and returns it.
    @discardableResult
    public func skipReceived(
        timeout: Duration = waitTimeout,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> (any Action<State>)? {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await nextReceived(expecting: "an action", timeout: timeout, at: location)?.action
    }

    /// Waits (up to `timeout`) for side-effect work to end, then fails if any is still running or any
    /// received action was never asserted. Call it at the end of every test.
    public func finish(
        timeout: Duration = waitTimeout,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let store = self.store
        let becameIdle = await firstOf(timeout: timeout) { await store.idle() }
        if !becameIdle {
            reporter.report(
                "\(store.runningTaskCount) side-effect task(s) still running after \(timeout); cancelled",
                at: location)
            store.trunk.cancelAll()
        }
        let leftovers = log.takeAll()
        if !leftovers.isEmpty {
            reporter.report(
                "\(leftovers.count) received action(s) never asserted: "
                    + leftovers.map { describe($0.action) }.joined(separator: ", "),
                at: location)
        }
    }

    // MARK: Helpers

    private func nextReceived(
        expecting expected: String, timeout: Duration, at location: TestSourceLocation,
        matching matches: ((ProcessedAction<State>) -> Bool)? = nil
    ) async -> ProcessedAction<State>? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let store = self.store
        let log = self.log
        while true {
            let seen = log.appendCount
            if let record = take(matches) { return record }
            if store.isIdle {
                await store.processed()
                if let record = take(matches) { return record }
                reporter.report(
                    "Expected to receive \(expected), but the store is idle and nothing was dispatched",
                    at: location)
                return nil
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero {
                reporter.report(
                    "Expected to receive \(expected) within \(timeout); \(store.runningTaskCount) task(s) still running",
                    at: location)
                return nil
            }
            _ = await firstOf(timeout: remaining) {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await store.idle() }
                    group.addTask { await log.waitForAppend(after: seen) }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
    }

    private func take(_ matches: ((ProcessedAction<State>) -> Bool)?) -> ProcessedAction<State>? {
        if let matches { return log.takeFirst(where: matches) }
        return log.takeFirst()
    }

    private func check(
        _ record: ProcessedAction<State>, _ expectedChange: ((inout State) -> Void)?, verb: String,
        at location: TestSourceLocation
    ) {
        var expected = record.oldState
        expectedChange?(&expected)
        if record.wasDropped, expected != record.oldState {
            reporter.report(
                "\(verb) \(describe(record.action)): a middleware dropped it, so the state did not change",
                at: location)
            return
        }
        guard expected != record.newState else { return }
        reporter.report(
            "\(verb) \(describe(record.action)) changed the state otherwise than asserted "
                + "(- expected, + actual):\n"
                + StateDiff.describe(expected: expected, actual: record.newState),
            at: location)
    }
}

/// Runs `operation`, giving up after `timeout`; returns whether it finished in time.
func firstOf(timeout: Duration, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await operation()
            return !Task.isCancelled
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}

func describe(_ action: any Action) -> String {
    String(reflecting: type(of: action))
}
