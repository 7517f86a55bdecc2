/// A set of program states with constant-time insert, membership and clearing (Briggs and Torczon's sparse
/// set), iterated in insertion order.
struct StateSet {
    private var sparse: [Int]
    private(set) var states: [Int] = []

    init(capacity: Int) {
        sparse = Array(repeating: 0, count: capacity)
        states.reserveCapacity(capacity)
    }

    /// Adds `state`; false when it was there already.
    mutating func insert(_ state: Int) -> Bool {
        let slot = sparse[state]
        if slot < states.count, states[slot] == state { return false }
        sparse[state] = states.count
        states.append(state)
        return true
    }

    mutating func removeAll() {
        states.removeAll(keepingCapacity: true)
    }
}
