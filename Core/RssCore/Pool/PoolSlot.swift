import ReduxVM

/// One library of a ``LibraryPool``: its store as it opens, serves and closes, and who uses it.
struct PoolSlot {
    enum Phase {
        case opening(Task<Result<Store<RssState>, RssProblem>, Never>)
        case open(Store<RssState>)
        case closing(Task<Void, Never>)
    }

    /// What a lease of the slot finds.
    enum Claim {
        /// The store, open.
        case open(Store<RssState>)
        /// The store being opened: the lease is counted, and the store is the task's.
        case opening(Task<Result<Store<RssState>, RssProblem>, Never>)
        /// The store being closed: ask again once it is.
        case closing(Task<Void, Never>)
    }

    var phase: Phase
    /// Leases alive.
    private(set) var leases = 1
    /// When the last lease was taken or given back.
    private(set) var lastUsed = ContinuousClock.now

    init(opening task: Task<Result<Store<RssState>, RssProblem>, Never>) {
        phase = .opening(task)
    }

    /// The store, once open.
    var store: Store<RssState>? {
        if case .open(let store) = phase { return store }
        return nil
    }

    /// Whether it is open and nobody uses it.
    var isIdle: Bool { store != nil && leases == 0 }

    /// Counts a lease, unless the store is closing.
    mutating func claim() -> Claim {
        switch phase {
        case .open(let store):
            leases += 1
            lastUsed = .now
            return .open(store)
        case .opening(let task):
            leases += 1
            return .opening(task)
        case .closing(let task):
            return .closing(task)
        }
    }

    /// Gives a lease back.
    mutating func release() {
        leases = max(0, leases - 1)
        lastUsed = .now
    }
}
