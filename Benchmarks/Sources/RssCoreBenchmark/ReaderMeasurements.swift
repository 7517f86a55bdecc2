import Foundation
import ReduxVM
@_spi(Benchmarks) import RssCore

/// The reader on one large database, `runs` times: a store started with the first page of both lists in state,
/// a mark shown and written, searches, the counts read again as after another process's write, the query API,
/// and resident memory after the runs. Every value is checked, so that a fast wrong answer fails the run.
func measureReader(database url: URL, articles: Int, sources: Int, runs: Int) async throws -> [Series] {
    var start = Series("start a store, first page of both lists in state", target: "< 30 ms")
    var mark = Series("mark read, shown in both lists", target: "< 10 ms")
    var markStored = Series("mark read, written to the database", target: "< 5 ms")
    var selective = Series("search (selective word, 0.1% of articles)", target: "< 20 ms")
    var broad = Series("search (common word), first page and count", target: "< 20 ms")
    var recount = Series("counts and lists read again (another process wrote)", target: "-")
    var firstUnread = Series("query: first 50 unread")
    var unreadCount = Series("query: count of unread")
    var perSource = Series("query: newest 5 per source, all sources")
    var broadQuery = Series("query: common word, first 50")
    var filterFirst = Series("filter: unread, title contains, first 50")
    var filterPattern = Series("filter: title ~ pattern, count of all")
    var filterContent = Series("filter: content contains, count of all")
    var memory = Series("resident memory after the runs", unit: "MB", target: "< 100 MB")
    let clock = ContinuousClock()

    for run in 0..<runs {
        let started = clock.now
        let store = try RssStore.make(RssConfiguration(database: .file(url)))
        await store.idle()
        start.values.append(milliseconds(clock.now - started))
        guard store.state.lists.first.rows.count == store.state.settings.pageSize else {
            fatalError("the first page was not loaded")
        }

        let row = store.state.lists.first.rows[run % store.state.lists.first.rows.count]
        let marked = clock.now
        store.dispatch(SetRead(ids: [row.id], isRead: !row.isRead))
        await store.processed()
        mark.values.append(milliseconds(clock.now - marked))
        let state = store.state
        guard state.lists.first.rows.first(where: { $0.id == row.id })?.isRead == !row.isRead,
            state.lists.second.rows.first(where: { $0.id == row.id })?.isRead == !row.isRead
        else { fatalError("the mark did not show in both lists") }
        await store.idle()
        markStored.values.append(milliseconds(clock.now - marked))

        let searched = clock.now
        store.dispatch(SearchArticles(list: .second, text: "topic\(100 + run)"))
        await store.idle()
        selective.values.append(milliseconds(clock.now - searched))
        guard store.state.lists.second.totalCount == articles / 1_000 else {
            fatalError("search found \(store.state.lists.second.totalCount)")
        }

        let broadStart = clock.now
        store.dispatch(SearchArticles(list: .second, text: "quasar"))
        await store.idle()
        broad.values.append(milliseconds(clock.now - broadStart))
        guard store.state.lists.second.rows.count == min(articles, store.state.settings.pageSize) else {
            fatalError("common word: \(store.state.lists.second.rows.count) rows")
        }

        let counted = clock.now
        store.dispatch(CheckForChanges(force: true))
        await store.idle()
        recount.values.append(milliseconds(clock.now - counted))

        // The query API, on the same open store: it reads in the database lane, touching no list.
        let (unread, unreadTime) = try await timed { try await store.articles(ArticleQuery(isRead: false, limit: 50)) }
        firstUnread.values.append(unreadTime)
        guard unread.count == 50, unread.allSatisfy({ !$0.isRead }) else { fatalError("first unread: \(unread.count)") }
        let (count, countTime) = try await timed { try await store.articleCount(ArticleQuery(isRead: false)) }
        unreadCount.values.append(countTime)
        guard count == store.state.counts.unread else {
            fatalError("unread count \(count), state says \(store.state.counts.unread)")
        }
        let (newest, newestTime) = try await timed { try await store.articles(ArticleQuery(limitPerSource: 5)) }
        perSource.values.append(newestTime)
        guard newest.count == sources * min(5, articles / sources) else { fatalError("per source: \(newest.count)") }
        let (common, commonTime) = try await timed {
            try await store.articles(ArticleQuery(searchText: "quasar", limit: 50))
        }
        broadQuery.values.append(commonTime)
        guard common.count == 50 else { fatalError("broad query: \(common.count)") }

        // Filters (the filter language): a page that stops early, then two that read every article (a count),
        // one through a pattern, one through the articles' text.
        var filtered = ArticleQuery(limit: 50)
        filtered.filter = try ArticleFilter("unread and title contains swift and not title contains linux")
        let (firstFiltered, firstFilteredTime) = try await timed { try await store.articles(filtered) }
        filterFirst.values.append(firstFilteredTime)
        guard firstFiltered.count == 50 else { fatalError("filtered first page: \(firstFiltered.count)") }
        var pattern = ArticleQuery()
        pattern.filter = try ArticleFilter(#"title ~ "^(swift|linux) \w+ (server|kernel)\b""#)
        filterPattern.values.append(try await timed { try await store.articleCount(pattern) }.1)
        var content = ArticleQuery()
        content.filter = try ArticleFilter("content contains marmalade")
        filterContent.values.append(try await timed { try await store.articleCount(content) }.1)
        memory.values.append(residentMegabytes())
    }
    return [
        start, mark, markStored, selective, broad, recount, firstUnread, unreadCount, perSource, broadQuery,
        filterFirst, filterPattern, filterContent, memory,
    ]
}
