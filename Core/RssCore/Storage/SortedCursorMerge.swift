import GRDB

/// Several cursors of snapshots, each already in one order, read as one cursor in that order: a heap of the
/// cursors' next snapshots, so that each step costs a few comparisons however many cursors there are, and only
/// one snapshot per cursor is held.
struct SortedCursorMerge {
    private var cursors: [MapCursor<RowCursor, ArticleSnapshot>]
    /// The heap: each cursor's next snapshot with the cursor's index, the first in the order at the top.
    private var heads: [(snapshot: ArticleSnapshot, cursor: Int)] = []
    private let order: ArticleQuery.Order

    /// Reads the first snapshot of each cursor.
    init(_ cursors: [MapCursor<RowCursor, ArticleSnapshot>], order: ArticleQuery.Order) throws {
        self.cursors = cursors
        self.order = order
        heads.reserveCapacity(cursors.count)
        for index in self.cursors.indices {
            if let first = try self.cursors[index].next() { push((first, index)) }
        }
    }

    /// The next snapshot in the order, or nil when every cursor is done.
    mutating func next() throws -> ArticleSnapshot? {
        guard let top = heads.first else { return nil }
        if let following = try cursors[top.cursor].next() {
            heads[0] = (following, top.cursor)
            siftDown(from: 0)
        } else {
            let last = heads.removeLast()
            if !heads.isEmpty {
                heads[0] = last
                siftDown(from: 0)
            }
        }
        return top.snapshot
    }

    private func isBefore(_ a: Int, _ b: Int) -> Bool {
        heads[b].snapshot.position.comes(after: heads[a].snapshot.position, in: order)
    }

    private mutating func push(_ head: (snapshot: ArticleSnapshot, cursor: Int)) {
        heads.append(head)
        var child = heads.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBefore(child, parent) else { return }
            heads.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            var first = parent
            let left = 2 * parent + 1
            if left < heads.count && isBefore(left, first) { first = left }
            if left + 1 < heads.count && isBefore(left + 1, first) { first = left + 1 }
            guard first != parent else { return }
            heads.swapAt(parent, first)
            parent = first
        }
    }
}
