/// The props on their way to a view: at most one pending delivery, always the newest props.
///
/// When the view's executor is busy, newer props replace older undelivered ones instead of queueing a
/// render per change, so a slow view catches up in one render.
@usableFromInline
final class PropsSlot<Props: Sendable>: Sendable {
    @usableFromInline let pending = Locked<Props?>(nil)

    @inlinable
    init() {}

    /// Stores `props`; returns true when no delivery was pending, so the caller must schedule one.
    @inlinable
    func put(_ props: Props) -> Bool {
        pending.withLock { pending in
            defer { pending = props }
            return pending == nil
        }
    }

    /// Takes the pending props, if any.
    @inlinable
    func take() -> Props? {
        pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }
}
