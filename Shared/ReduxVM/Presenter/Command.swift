/// Something a view can trigger without knowing what it does: props carry commands, views perform them.
///
/// Commands are equal when their identities are equal, so props holding commands still compare equal
/// when nothing visible changed. A command made from an action is identified by that action's value.
///
/// ```swift
/// Command(dispatching: MarkRead(article: id), via: trunk)
/// ```
public struct Command: Sendable, Equatable, CustomStringConvertible {
    private let identity: AnySendableHashable
    private let body: @Sendable () -> Void

    /// A command identified by `id` that runs `body`. Give commands that do different things different ids.
    public init(id: some Hashable & Sendable, perform body: @escaping @Sendable () -> Void) {
        self.identity = AnySendableHashable(id)
        self.body = body
    }

    /// A command that dispatches `action` through `trunk`, identified by the action's value.
    public init<A: Action & Hashable>(dispatching action: A, via trunk: Trunk<A.State>) {
        self.init(id: action) { trunk.dispatch(action) }
    }

    /// Runs the command.
    public func perform() {
        body()
    }

    /// Equal when the identities are equal.
    public static func == (lhs: Command, rhs: Command) -> Bool {
        lhs.identity == rhs.identity
    }

    /// The command's identity, as text.
    public var description: String { "Command(\(identity))" }
}

/// A command that takes a value from the view (the text typed, the row chosen).
public struct CommandWith<Value>: Sendable, Equatable, CustomStringConvertible {
    private let identity: AnySendableHashable
    private let body: @Sendable (Value) -> Void

    /// A command identified by `id` that runs `body` with the view's value.
    public init(id: some Hashable & Sendable, perform body: @escaping @Sendable (Value) -> Void) {
        self.identity = AnySendableHashable(id)
        self.body = body
    }

    /// Runs the command with `value`.
    public func perform(with value: Value) {
        body(value)
    }

    /// Equal when the identities are equal.
    public static func == (lhs: CommandWith, rhs: CommandWith) -> Bool {
        lhs.identity == rhs.identity
    }

    /// The command's identity, as text.
    public var description: String { "CommandWith(\(identity))" }
}
