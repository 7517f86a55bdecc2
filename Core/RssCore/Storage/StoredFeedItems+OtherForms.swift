import FeedParser
import GRDB

/// Recognising an article stored under another form of its id: the parser tells apart items that share a
/// publisher id by their link (and title), so one article's id depends on which items shared its guid when it
/// was fetched (``/FeedParser/ItemIdentity/Forms``). Without this, a feed listing an article alone, then beside
/// a second item of the same guid, stored the first article twice.
extension StoredFeedItems {
    /// Finds, for the fetched items the exact look-up left unmatched, the article or tombstone stored under
    /// another form of their id, and records it in ``storedAs``.
    ///
    /// An article found so is taken when it has the item's link (normalised) and, for an item told apart by
    /// title, its title; it is taken by one item at most, and never when another item of the fetch has its id.
    /// A tombstone counts under the forms that name the item's link only: the plain publisher id could stand for
    /// any article of that guid. An item found under its own plain publisher id with another link is looked up
    /// too: an article stored under a form naming its link is the one it is (the other was an article listed
    /// beside it once); otherwise the link changed, and the exact match stands.
    mutating func matchOtherForms(of items: [FetchedItem], sourceID: String, _ db: Database) throws {
        var claimed = Set<String>()
        var unmatched: [(item: FetchedItem, forms: ItemIdentity.Forms)] = []
        for item in items {
            let known = articles[item.stableID]
            if known != nil { claimed.insert(item.stableID) }
            guard let forms = item.forms else { continue }
            if let known {
                if item.stableID == forms.publisherID, !Self.sameLink(known.fields.link, item.link) {
                    unmatched.append((item, forms))
                }
            } else if !tombstones.contains(item.stableID) {
                unmatched.append((item, forms))
            }
        }
        guard !unmatched.isEmpty else { return }
        let found = try Self.storedArticles(
            sourceID: sourceID, stableIDs: unmatched.flatMap { $0.forms.others(than: $0.item.stableID) }, db)
        for (item, forms) in unmatched where storedAs[item.stableID] == nil {
            let needsTitle = item.stableID == forms.byLinkAndTitle
            let match = forms.others(than: item.stableID).first { id in
                guard !claimed.contains(id), let known = found[id] else { return false }
                return Self.sameLink(known.fields.link, item.link) && (!needsTitle || known.fields.title == item.title)
            }
            if let match {
                claimed.insert(match)
                articles[match] = found[match]
                storedAs[item.stableID] = match
            } else if articles[item.stableID] == nil,
                      let buried = [forms.byLink, forms.byLinkAndTitle].first(where: {
                          $0 != item.stableID && tombstones.contains($0)
                      }) {
                storedAs[item.stableID] = buried
            }
        }
    }

    /// Whether two links are the same for the identity rule (scheme and host in any case, whitespace around).
    private static func sameLink(_ stored: String?, _ fetched: String?) -> Bool {
        stored == fetched || ItemIdentity.normalizedLink(stored ?? "") == ItemIdentity.normalizedLink(fetched ?? "")
    }
}
