/// The store's services or subscriptions, in registration order, walked once per action without reference
/// counting.
///
/// Walking an array of objects retains and releases each element around every call made with it, because
/// the compiler cannot prove the call leaves the array alone; with ten subscribers that was most of an
/// action's cost. Walking an array of unretained references still retained and released the array itself
/// once per action (two atomic operations). The list keeps the strong references in `owners` and walks a
/// buffer of unretained ones that it owns: a raw pointer, which nothing counts.
///
/// Safety: `owners` and the buffer are changed together and only by the store's executor, between
/// notifications (a notification can only queue work for later, never call back into the store), so every
/// entry reached by ``forEach(_:)`` is kept alive by `owners` for the whole walk, and the buffer is not
/// replaced during one. The store holds the list in a constant, so reaching it costs no retain either.
@usableFromInline
final class EntryList<Entry: AnyObject> {
    // Confined to the store's executor, like the store's core: the dynamic exclusivity checks are off for
    // the same reason (see `StoreCore`).
    @exclusivity(unchecked) private var owners: [Entry] = []
    /// `owners`, unretained: `count` initialised elements.
    @exclusivity(unchecked) @usableFromInline private(set) var unretained: UnsafeMutablePointer<Unmanaged<Entry>>
    @exclusivity(unchecked) @usableFromInline private(set) var count = 0

    @usableFromInline
    init() {
        unretained = .allocate(capacity: 1)
    }

    deinit {
        unretained.deallocate()
    }

    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Calls `body` with every entry, in order, borrowed.
    @inlinable
    func forEach(_ body: (Entry) -> Void) {
        let entries = unretained
        for index in 0..<count {
            entries[index]._withUnsafeGuaranteedRef(body)
        }
    }

    func contains(where matches: (Entry) -> Bool) -> Bool {
        owners.contains(where: matches)
    }

    func append(_ entry: Entry) {
        owners.append(entry)
        refresh()
    }

    /// Removes and returns the first entry that `matches`, if any.
    func removeFirst(where matches: (Entry) -> Bool) -> Entry? {
        guard let index = owners.firstIndex(where: matches) else { return nil }
        defer { refresh() }
        return owners.remove(at: index)
    }

    /// Removes every entry that `matches`; returns them, in order.
    func removeAll(where matches: (Entry) -> Bool) -> [Entry] {
        var removed: [Entry] = []
        owners.removeAll { entry in
            guard matches(entry) else { return false }
            removed.append(entry)
            return true
        }
        if !removed.isEmpty { refresh() }
        return removed
    }

    /// Rebuilds the unretained buffer from `owners`.
    private func refresh() {
        unretained.deallocate()
        unretained = .allocate(capacity: max(owners.count, 1))
        for (index, owner) in owners.enumerated() {
            (unretained + index).initialize(to: Unmanaged.passUnretained(owner))
        }
        count = owners.count
    }
}
