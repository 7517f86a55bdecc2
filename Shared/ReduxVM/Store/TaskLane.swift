/// Names a sequence of tracked tasks that run one after another, each starting once the one started before
/// it has ended.
///
/// Tasks a side effect starts run concurrently by default, so two effects of two actions can finish in
/// either order: a reload started after a write may read before the write lands, and an older result may
/// arrive after a newer one. Tasks started in one lane keep the order in which they were started, which on
/// the store's executor is the order of the actions that started them: give every effect that touches one
/// resource (a database, a file) the same lane and a later effect always sees the earlier ones.
///
/// ```swift
/// trunk.run(in: TaskLane("database")) { trunk in
///     let saved = await database.save(marks)
///     trunk.dispatch(MarksSaved(saved))
/// }
/// ```
///
/// A task waiting for its turn that is cancelled still waits, then runs with `Task.isCancelled` set (it
/// should then do nothing), so that cancelling one task never lets a later one overtake those before it.
/// A lane is only as fast as its slowest task: never put a task that runs forever (a timer) in one.
public struct TaskLane: Hashable, Sendable, CustomStringConvertible {
    private let value: AnySendableHashable

    /// Wraps `value` as a lane name; equal values name the same lane.
    public init(_ value: some Hashable & Sendable) {
        self.value = AnySendableHashable(value)
    }

    /// The wrapped value, as text.
    public var description: String { value.description }
}
