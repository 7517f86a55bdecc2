/// A view held weakly, so that the store never keeps a view alive.
///
/// Safety: `render` is called only from jobs submitted to the receiver's own ``ViewExecutor``; the store's
/// executor only asks whether the view still exists, which is a thread-safe weak load.
@usableFromInline
final class WeakReceiver<Receiver: PropsReceiver>: @unchecked Sendable {
    @usableFromInline weak var receiver: Receiver?

    @inlinable
    init(_ receiver: Receiver) {
        self.receiver = receiver
    }

    @inlinable
    var isAlive: Bool { receiver != nil }

    /// Renders `props` if the view still exists. Call on the receiver's executor only.
    @inlinable
    func render(_ props: Receiver.Props) {
        receiver?.render(props: props)
    }
}
