/// Why the line editor could not start or save its history, as one line a front can print as it is.
public struct LineEditorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure, so callers can react to one without parsing the message.
    public enum Kind: Sendable, Equatable {
        /// libedit could not set up on the terminal.
        case editorUnavailable
        /// The wake-up or signal pipe could not be created.
        case pipeUnavailable
        /// Another line editor already owns the process's signals.
        case alreadyActive
        /// The history file could not be written.
        case historyNotSaved
    }

    /// What went wrong.
    public let kind: Kind
    /// One line saying what went wrong, with the path or the system error where there is one.
    public let message: String

    /// An error of `kind` described by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
