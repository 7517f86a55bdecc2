import ReduxVM

/// A clock that moves only when a test says so, for side effects that wait (timers, back-off, timeouts).
///
/// Inject it where a service expects `any Clock<Duration>`; sleeps suspend until ``advance(by:)`` moves the
/// time past their deadline, so a test of an hourly refresh takes microseconds and never flakes.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock's time line: the time elapsed since the clock was made.
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        /// Time since the clock's start.
        public let offset: Duration

        /// An instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// `t+` and the offset.
        public var description: String { "t+\(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Contents {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let contents = Locked(Contents())

    /// A clock at its start, `t+0`.
    public init() {}

    /// The current manual time.
    public var now: Instant { contents.withLock { $0.now } }

    /// Zero: the clock moves only by explicit steps.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on this clock: lets a test wait until a side effect has started to wait.
    public var sleeperCount: Int { contents.withLock { $0.sleepers.count } }

    /// Suspends until ``advance(by:)`` reaches `deadline`; throws `CancellationError` when cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = contents.withLock { contents in
            contents.nextID += 1
            return contents.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = contents.withLock { contents in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= contents.now { return .success(()) }
                    contents.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = contents.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward by `duration`, waking (in deadline order) every sleeper it passes, then
    /// yields so that the woken tasks get a chance to run.
    public func advance(by duration: Duration) async {
        let woken = contents.withLock { contents in
            contents.now = contents.now.advanced(by: duration)
            let now = contents.now
            let due = contents.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { contents.sleepers.removeValue(forKey: id) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken {
            sleeper.continuation.resume()
        }
        await Task.yield()
    }
}
