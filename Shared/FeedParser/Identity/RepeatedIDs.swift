/// Makes ids unique within one document where the publisher reused an id for different articles (rule 4 of
/// ``ItemIdentity``), and reports what stays shared, since a store keeps one article per id.
enum RepeatedIDs {
    /// Rewrites the ids of `items` that share a publisher id but differ in link or title, and returns warnings:
    /// one per rewritten id, and one per item whose id an earlier item already has (a true duplicate).
    static func makeUnique(_ items: inout [FeedItem]) -> [ParseWarning] {
        var warnings = hasRepeatedPublisherIDs(items) ? rewriteRepeatedIDs(&items) : []
        var seen = Set<String>(minimumCapacity: items.count)
        for index in items.indices where !seen.insert(items[index].id).inserted {
            warnings.append(ParseWarning(field: "item[\(index)].id", rawValue: items[index].id,
                                         reason: "id already used by an earlier item in this feed"))
        }
        return warnings
    }

    /// Whether two items share a publisher id: rare, so it is asked before grouping the items by id.
    private static func hasRepeatedPublisherIDs(_ items: [FeedItem]) -> Bool {
        var seen = Set<String>(minimumCapacity: items.count)
        for index in items.indices where items[index].idKind != .hash {
            if !seen.insert(items[index].id).inserted { return true }
        }
        return false
    }

    /// Gives a new id to every item whose publisher id is shared by items with different links or titles; one
    /// warning per id rewritten.
    private static func rewriteRepeatedIDs(_ items: inout [FeedItem]) -> [ParseWarning] {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, item) in items.enumerated() where item.idKind != .hash {
            if groups[item.id] == nil { order.append(item.id) }
            groups[item.id, default: []].append(index)
        }
        var warnings: [ParseWarning] = []
        for id in order {
            guard let indices = groups[id], indices.count > 1 else { continue }
            let links = indices.map { ItemIdentity.normalizedLink(items[$0].link ?? "") }
            let articles = Set(indices.indices.map { links[$0] + "\n" + ItemIdentity.distinction(of: items[indices[$0]]) })
            // The same id, link and title (or text, untitled): one article listed twice, which keeps its id.
            guard articles.count > 1 else { continue }
            var itemsPerLink: [String: Int] = [:]
            for link in links { itemsPerLink[link, default: 0] += 1 }
            for (position, index) in indices.enumerated() {
                items[index].id = ItemIdentity.repeatedID(
                    id, of: items[index], sharesLink: itemsPerLink[links[position], default: 0] > 1)
                items[index].sharedID = id
            }
            warnings.append(ParseWarning(
                field: "item[\(indices[0])].id", rawValue: id,
                reason: "id shared by \(indices.count) items with different links or titles; each made unique"))
        }
        return warnings
    }
}
