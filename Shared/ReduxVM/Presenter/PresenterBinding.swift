/// The link between a connected presenter and the store: pause, resume or end deliveries.
///
/// Keeping the binding is optional: the connection also ends by itself when the view goes away. Every
/// call is queued on the store's executor behind the actions already dispatched.
public final class PresenterBinding: Sendable {
    private let onSubscribe: @Sendable () -> Void
    private let onUnsubscribe: @Sendable () -> Void
    private let onDisconnect: @Sendable () -> Void

    @usableFromInline
    init(
        subscribe: @escaping @Sendable () -> Void,
        unsubscribe: @escaping @Sendable () -> Void,
        disconnect: @escaping @Sendable () -> Void
    ) {
        self.onSubscribe = subscribe
        self.onUnsubscribe = unsubscribe
        self.onDisconnect = disconnect
    }

    /// Resumes deliveries after ``unsubscribe()``; the first delivery renders the current state.
    public func subscribe() { onSubscribe() }

    /// Pauses deliveries (a view that is hidden); the presenter stays connected.
    public func unsubscribe() { onUnsubscribe() }

    /// Ends the connection: the presenter's `onDeinit` runs and nothing more is delivered.
    public func disconnect() { onDisconnect() }
}
