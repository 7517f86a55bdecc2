/// A type of action as a queued job needs it: how to move a value of that type out of the queue's memory as
/// an `any Action<State>`, or destroy it there.
///
/// Made where the action's type is known (in `dispatch`, specialised for it), so that both closures are
/// specialised code that captures nothing.
@usableFromInline
struct ActionKind<State: Sendable> {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let take: (UnsafeMutableRawPointer) -> any Action<State>
    @usableFromInline let destroy: (UnsafeMutableRawPointer) -> Void

    @inlinable
    init<A: Action<State>>(_: A.Type) {
        type = ObjectIdentifier(A.self)
        take = { raw in raw.assumingMemoryBound(to: A.self).move() }
        destroy = { raw in raw.assumingMemoryBound(to: A.self).deinitialize(count: 1) }
    }

    /// Whether a queued job stores a value of type `A` in place: small and at most 8-byte aligned. Others are
    /// queued as an `any Action<State>` (which keeps a large value in a box of its own).
    @inlinable
    static func storesInPlace<A: Action<State>>(_: A.Type) -> Bool {
        MemoryLayout<A>.size <= 64 && MemoryLayout<A>.alignment <= 8
    }
}
