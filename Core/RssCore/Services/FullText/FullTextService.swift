import ArticleExtractor
import Foundation
import ReduxVM

/// Fetches articles' web pages and stores the text extracted from them (``FetchFullText``); turns full text on
/// and off for sources, and fetches a full-text source's new articles' pages after each refresh.
///
/// Its dependencies are injected: the fetcher (the one feeds are fetched with, so that pages and feeds share
/// the same limits per host and in all), the extractor, and the wall clock that dates what is stored.
final class FullTextService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let fetcher: any FeedFetcher
    let extractor: ArticleExtractor
    let now: @Sendable () -> Date
    /// The requests under way, by id, so that a cancelled refresh cancels them too.
    let running = Locked<Set<UUID>>([])

    /// Pages of one request fetched at once: the fetcher's limits per host and in all still apply.
    static let pagesAtOnce = 4
    /// Articles of a full-text source fetched after one refresh, at most: the rest wait for the next.
    static let duePerRefresh = 25
    /// Articles of a source just turned to full text that get their page at once.
    static let newestOnTurningOn = 20
    /// How long after an article was first stored an automatic fetch still tries again after a problem.
    static let retryWindow: TimeInterval = 7 * 24 * 3600

    init(
        database: FeedDatabase, fetcher: any FeedFetcher, extractor: ArticleExtractor = ArticleExtractor(),
        now: @escaping @Sendable () -> Date
    ) {
        self.database = database
        self.fetcher = fetcher
        self.extractor = extractor
        self.now = now
    }

    var sideEffects: [any SideEffect<FullTextService>] {
        [SaveSourceFullTextSE(), FullTextAfterRefreshSE(), FetchFullTextSE(), CancelFullTextSE()]
    }
}

/// Names the task of one ``FetchFullText``, so that it can be cancelled.
struct FullTextTaskID: Hashable, Sendable {
    let request: UUID
}
