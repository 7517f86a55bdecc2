/// The first 8 bytes of a job queued in a ``JobChunk``: what the job is and how long its payload is.
@usableFromInline
struct JobHeader {
    /// The index of the action's type in the chunk's `kinds`, or ``boxed``, or ``control``.
    @usableFromInline let kind: UInt16
    /// For an action, the index of its call site in the chunk's `sites`; for control work, its index in the
    /// chunk's `controls`.
    @usableFromInline let index: UInt16
    /// The bytes after the header that hold the action: a multiple of 8, so that the next job is aligned.
    @usableFromInline let payloadSize: UInt32

    /// The payload is an `any Action<State>` (see ``ActionKind/storesInPlace(_:)``).
    @inlinable static var boxed: UInt16 { .max - 1 }
    /// The job is control work; there is no payload.
    @inlinable static var control: UInt16 { .max }

    @inlinable
    init(kind: UInt16, index: UInt16, payloadSize: Int) {
        self.kind = kind
        self.index = index
        self.payloadSize = UInt32(payloadSize)
    }
}
