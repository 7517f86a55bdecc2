/// A fixed-size block of queued jobs: `dispatch` appends to it under the mailbox's lock, then the store's
/// executor takes it whole and moves each job out.
///
/// One growing array of jobs was copied to a larger buffer every time it doubled, and a burst of actions
/// touched fresh pages at every step; chunks never move, and emptied ones are reused. Moving a job out
/// instead of copying it also spares a copy of its action and context per job.
///
/// Confinement: a chunk is reachable either from the mailbox, where only code holding its lock touches it, or
/// from one drain on the store's serial queue after the lock handed it over; never from both.
@usableFromInline
final class JobChunk<State: Sendable> {
    @usableFromInline static var capacity: Int { 256 }

    @usableFromInline let jobs: UnsafeMutablePointer<StoreJob<State>>
    /// The jobs in `jobs[0..<count]` are initialised; the rest of the buffer is not.
    @exclusivity(unchecked) @usableFromInline var count = 0

    @usableFromInline
    init() {
        jobs = .allocate(capacity: Self.capacity)
    }

    deinit {
        jobs.deinitialize(count: count)
        jobs.deallocate()
    }

    /// Counts one more job and returns the uninitialised slot the caller must put it in at once; nil when
    /// the chunk is full.
    @inlinable
    func claimSlot() -> UnsafeMutablePointer<StoreJob<State>>? {
        guard count < Self.capacity else { return nil }
        defer { count += 1 }
        return jobs + count
    }

    /// Moves every job out, in order, into `body`; leaves the chunk empty.
    @inlinable
    func drain(_ body: (consuming StoreJob<State>) -> Void) {
        for index in 0..<count {
            body((jobs + index).move())
        }
        count = 0
    }
}
