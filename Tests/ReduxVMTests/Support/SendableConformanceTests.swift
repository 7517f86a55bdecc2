import ReduxVM
import ReduxVMTesting
import Testing

/// Compile-time checks that the public types a program passes between threads are `Sendable`: this file
/// stops compiling if one of them stops being so.
@Suite("Public types are Sendable")
struct SendableConformanceTests {
    private func requireSendable<T: Sendable>(_: T.Type) {}

    @Test("the engine's public types are Sendable")
    func publicTypesAreSendable() {
        requireSendable(Store<CounterState>.self)
        requireSendable(StateBox<CounterState>.self)
        requireSendable(Trunk<CounterState>.self)
        requireSendable(DispatchContext.self)
        requireSendable(Command.self)
        requireSendable(CommandWith<String>.self)
        requireSendable(PresenterBinding.self)
        requireSendable(TaskID.self)
        requireSendable(StoreOptions.self)
        requireSendable(SnapshotStrategy.self)
        requireSendable(MiddlewareVerdict.self)
        requireSendable(Reaction.self)
        requireSendable(LoggingMiddleware.self)
        requireSendable(InlineViewExecutor.self)
        requireSendable(ActionJournal<CounterState>.self)
        requireSendable(JournalRegistry<CounterState>.self)
        requireSendable(JournalError.self)
        requireSendable(TestStore<CounterState>.self)
        requireSendable(ManualClock.self)
        requireSendable(TestFailureReporter.self)
    }
}
