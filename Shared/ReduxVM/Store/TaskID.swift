/// Names a side effect's task so that it can be cancelled, or replaced by a newer one.
///
/// Any hashable, sendable value works: a string, an enum case, a source's id. Two ids are equal when their
/// values have the same type and are equal.
public struct TaskID: Hashable, Sendable, CustomStringConvertible {
    private let value: AnySendableHashable

    /// Wraps `value` as an id.
    public init(_ value: some Hashable & Sendable) {
        self.value = AnySendableHashable(value)
    }

    /// The wrapped value, as text.
    public var description: String { value.description }
}
