public import Dispatch

/// How a store keeps the previous state that every ``StateBox`` carries.
public enum SnapshotStrategy: Sendable, Equatable {
    /// Keep a second copy of the state and bring it up to date by applying each action to it as well.
    ///
    /// A box needs the state before and after an action at once. Copying the state for that costs a full
    /// copy of whatever the action touched (a 10,000-element array for a one-element change); applying the
    /// action a second time to the spare copy costs one more run of a pure reducer instead. This is why
    /// reducers must be deterministic. When the state is `Equatable`, the store can verify it (see
    /// ``StoreOptions/verifiesReducerDeterminism``).
    case replayOnSpareCopy
    /// Keep the previous state by value and let copy-on-write copy what each action touches.
    case copyOnWrite
}

/// Settings of a ``Store`` that most programs leave at their defaults.
public struct StoreOptions: Sendable {
    /// How the previous state is kept; see ``SnapshotStrategy``.
    public var snapshots: SnapshotStrategy = .replayOnSpareCopy

    /// With ``SnapshotStrategy/replayOnSpareCopy`` and an `Equatable` state, compare the two copies after the
    /// first few replays of each action type and log an error naming any action whose reducer is not
    /// deterministic (the copy is then repaired). On by default in debug builds.
    public var verifiesReducerDeterminism: Bool = _isDebugAssertConfiguration()

    /// The label of the store's serial queue, as seen in debuggers and crash logs.
    public var queueLabel = "ReduxVM.Store"

    /// The quality of service of the store's queue.
    public var qualityOfService: DispatchQoS = .userInitiated

    /// Default options.
    public init() {}
}
