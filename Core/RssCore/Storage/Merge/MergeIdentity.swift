/// The identity step of a merge: what each fetched item is to the source, by its stable id (or another form of
/// it, ``StoredFeedItems/matchOtherForms(of:sourceID:_:)``): an article stored already, an item retention or a
/// rule removed (a tombstone stands for it), or a new one. An item repeated within one fetch counts once: the
/// first wins.
struct MergeIdentity {
    /// What one fetched item is.
    enum Place {
        /// Stored already: its text may have changed.
        case known(StoredFeedItems.Known)
        /// Removed by retention or a rule, and still listed by the feed: it does not come back.
        case buried
        /// New to the source.
        case new
        /// Listed before in this fetch.
        case repeated
    }

    private let stored: StoredFeedItems
    /// The stable ids met so far in this fetch.
    private(set) var seen = Set<String>()

    init(_ stored: StoredFeedItems) {
        self.stored = stored
    }

    /// Where the item with stable id `stableID` goes, the next in the fetch.
    mutating func place(_ stableID: String) -> Place {
        guard seen.insert(stableID).inserted else { return .repeated }
        if let known = stored.article(for: stableID) { return .known(known) }
        return stored.isBuried(stableID) ? .buried : .new
    }

    /// The stable ids the feed lists, in every form they are stored under: the tombstones of every other item
    /// can go (``TombstonePruning``).
    var listed: Set<String> { seen.union(stored.storedAs.values) }
}
