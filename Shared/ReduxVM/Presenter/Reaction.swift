/// A presenter's answer to a state change.
public enum Reaction: Sendable, Equatable {
    /// Compute props and deliver them if they differ from the last ones delivered.
    case props
    /// Ignore this change; nothing is computed or delivered.
    case none
}
