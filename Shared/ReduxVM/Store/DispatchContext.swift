/// Where and in what order an action was dispatched.
///
/// Middleware and logs use it to point at the call site that dispatched an action, which is far more useful
/// than the store's own frames; the sequence number orders actions across threads.
public struct DispatchContext: Sendable, Hashable {
    /// The file that dispatched the action (`#fileID`).
    public let file: String
    /// The function that dispatched the action.
    public let function: String
    /// The line that dispatched the action.
    public let line: UInt
    /// The position of the action in the store's FIFO order, starting at 1.
    public let sequence: UInt64

    /// Makes a context; the store fills it in from `dispatch`'s defaulted arguments.
    public init(file: String, function: String, line: UInt, sequence: UInt64) {
        self.file = file
        self.function = function
        self.line = line
        self.sequence = sequence
    }
}
