/// The store's services or subscriptions, in registration order, walked once per action without reference
/// counting.
///
/// Walking an array of objects retains and releases each element around every call made with it, because
/// the compiler cannot prove the call leaves the array alone; with ten subscribers that was most of an
/// action's cost. The list keeps the strong references in `owners` and walks `unretained` instead.
///
/// Safety: both arrays are changed together and only by the store's executor, between notifications (a
/// notification can only queue work for later, never call back into the store), so every entry reached by
/// ``forEach(_:)`` is kept alive by `owners` for the whole walk.
@usableFromInline
struct EntryList<Entry: AnyObject> {
    @usableFromInline private(set) var owners: [Entry] = []
    @usableFromInline private(set) var unretained: [Unmanaged<Entry>] = []

    @usableFromInline
    init() {}

    @inlinable
    var isEmpty: Bool { owners.isEmpty }

    var count: Int { owners.count }

    /// Calls `body` with every entry, in order, borrowed.
    @inlinable
    func forEach(_ body: (Entry) -> Void) {
        for entry in unretained {
            entry._withUnsafeGuaranteedRef(body)
        }
    }

    func contains(where matches: (Entry) -> Bool) -> Bool {
        owners.contains(where: matches)
    }

    mutating func append(_ entry: Entry) {
        owners.append(entry)
        unretained.append(Unmanaged.passUnretained(entry))
    }

    /// Removes and returns the first entry that `matches`, if any.
    mutating func removeFirst(where matches: (Entry) -> Bool) -> Entry? {
        guard let index = owners.firstIndex(where: matches) else { return nil }
        unretained.remove(at: index)
        return owners.remove(at: index)
    }

    /// Removes every entry that `matches`; returns them, in order.
    mutating func removeAll(where matches: (Entry) -> Bool) -> [Entry] {
        var removed: [Entry] = []
        owners.removeAll { entry in
            guard matches(entry) else { return false }
            removed.append(entry)
            return true
        }
        if !removed.isEmpty {
            unretained = owners.map { Unmanaged.passUnretained($0) }
        }
        return removed
    }
}
