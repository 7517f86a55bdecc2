/// The deadline of one extraction, checked as the walks go.
///
/// Every walk over a subtree reports how many nodes it visited; the clock is read once per 64k of them. Once
/// past the deadline the budget stays exhausted: the measuring walks then return at once, and
/// ``ContentExtractor`` stops at its next step with ``ExtractionProblem/timeLimitExceeded(limit:)``. A page
/// nested so deeply that each measure walks a long way ends this way instead of running on.
final class WorkBudget {
    private let deadline: ContinuousClock.Instant
    private var spent = 0
    private var nextCheck = 65_536
    private(set) var isExhausted = false

    /// A budget that ends `limit` from now.
    init(limit: Duration) {
        deadline = ContinuousClock.now.advanced(by: limit)
    }

    /// Counts `work` node visits, and reads the clock when enough have passed since it last did.
    func spend(_ work: Int) {
        spent &+= work
        guard spent >= nextCheck else { return }
        nextCheck = spent &+ 65_536
        checkClock()
    }

    /// Reads the clock now.
    func checkClock() {
        if ContinuousClock.now >= deadline { isExhausted = true }
    }

    /// The time left, zero when none.
    var remaining: Duration {
        let left = ContinuousClock.now.duration(to: deadline)
        return left < .zero ? .zero : left
    }
}
