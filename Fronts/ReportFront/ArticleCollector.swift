import Foundation
import ReduxVM
import RssCore

/// Reads articles through the store's first news list, a page at a time, newest first.
///
/// RssCore has no "since" filter or per-source limit, so they are applied here: pages stop at the first
/// article older than `since`, and per-source reading stops once `limit` articles of the source were seen.
struct ArticleCollector {
    let store: Store<RssState>
    let trap: SignalTrap?
    /// Sources read one by one (with `ShowSource`) when there are at most this many; else the all-sources list
    /// is read and filtered.
    static let perSourceThreshold = 16

    /// What to read.
    struct Query {
        /// The sources, or nil for all.
        var sources: [UUID]?
        var marks: ListFilter.Marks = .all
        var since: Date?
        /// Per source, newest first.
        var limit: Int?
    }

    /// The rows matching `query`, each at most once.
    func rows(_ query: Query) async throws(ReportInterrupted) -> [ArticleRow] {
        guard let sources = query.sources else {
            return try await read(source: nil, query: query)
        }
        if sources.count <= Self.perSourceThreshold {
            var rows: [ArticleRow] = []
            for source in sources {
                rows += try await read(source: source, query: query)
            }
            return rows
        }
        let wanted = Set(sources)
        var all = query
        all.sources = nil
        return try await read(source: nil, query: all, keeping: wanted)
    }

    private func read(
        source: UUID?, query: Query, keeping wanted: Set<UUID>? = nil
    ) async throws(ReportInterrupted) -> [ArticleRow] {
        store.dispatch(ShowSource(list: .first, sourceID: source))
        store.dispatch(SearchArticles(list: .first, text: nil))
        store.dispatch(ShowMarks(list: .first, marks: query.marks))
        store.dispatch(SortList(list: .first, sort: .newestFirst))
        await store.idle()
        var seen = Set<UUID>()
        var perSource: [UUID: Int] = [:]
        var rows: [ArticleRow] = []
        var page = 0
        while true {
            try trap?.check()
            let list = store.state.lists.first
            guard list.page == page, !list.isLoading else { break }
            var passedSince = false
            for row in list.rows where seen.insert(row.id).inserted {
                if let since = query.since, row.date < since {
                    passedSince = true
                    break
                }
                if let wanted, !wanted.contains(row.sourceID) { continue }
                if let limit = query.limit {
                    guard perSource[row.sourceID, default: 0] < limit else { continue }
                    perSource[row.sourceID, default: 0] += 1
                }
                rows.append(row)
            }
            let sourceFull = source != nil && query.limit.map { rows.count >= $0 } == true
            let pageCount = list.pageCount(pageSize: store.state.settings.pageSize)
            if passedSince || sourceFull || page + 1 >= pageCount { break }
            page += 1
            store.dispatch(ShowPage(list: .first, move: .number(page)))
            await store.idle()
        }
        return rows
    }
}
