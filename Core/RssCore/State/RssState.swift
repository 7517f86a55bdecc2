/// Everything a front shows, as one value: sources, the two news lists, the open article, refresh progress,
/// settings and notices.
///
/// Fronts read it (through a presenter's `StateBox`, a subscriber, or the store's `state` property) and change
/// it only by dispatching the public actions; every property is read-only outside RssCore. Articles themselves live in
/// the database: the state holds only what is on screen (a page of each list, the open article) and the
/// counts, so that a reader with 100,000 articles starts fast and stays small.
public struct RssState: Sendable, Equatable {
    /// The feeds the reader follows, in display order.
    public internal(set) var sources = SourcesState()
    /// The two independent news lists, like the original app's two identical tabs.
    public internal(set) var lists = NewsListsState()
    /// Unread and starred totals, per source and overall.
    public internal(set) var counts = ArticleCounts()
    /// The article being read, loaded when routing shows it.
    public internal(set) var article: ArticleContent?
    /// What the reader is showing; fronts follow it.
    public internal(set) var route: Route = .lists
    /// Progress of the refresh under way, if any.
    public internal(set) var refresh = RefreshState()
    /// The rules applied to new articles and the saved queries the lists can show.
    public internal(set) var rules = RulesState()
    /// Preferences that persist in the database.
    public internal(set) var settings = Settings()
    /// Messages for the user (errors, "12 new in Source"), oldest first.
    public internal(set) var notices = NoticesState()
    /// The searches for the feeds behind addresses (``DiscoverFeeds``), oldest first: every one under way and
    /// the latest finished ones.
    public internal(set) var discoveries: [FeedDiscovery] = []
    /// The fetches of articles' pages someone asked for (``FetchFullText``) that are under way.
    public internal(set) var fullText = FullTextState()
    /// What became of the latest commands dispatched with a ``CommandTicket``.
    public internal(set) var outcomes = CommandOutcomes()
    /// The latest search, which a front shows (its feeds are what ``AddDiscoveredFeed`` picks from).
    public var discovery: FeedDiscovery? { discoveries.last }
    /// True once the database has been read at start.
    public internal(set) var isStarted = false
    /// Settings changed before start-up had read the stored ones: applied again over them, so that a change
    /// made right after making the store is not undone by the stored value.
    var settingChangesBeforeStart: [SettingChange] = []
    /// Mark changes to apply again to the pages and article being read (see ``PendingMarks``).
    var pendingMarks = PendingMarks()
    /// Set when a check for other processes' changes had to leave the counts alone during a refresh: they are
    /// read again once it ends.
    var countsNeedCheck = false
    /// Counts the articles opened, so that a late load of an earlier one is told apart.
    var articleRequest = 0

    /// Whether the open article's content is being read.
    var isLoadingArticle: Bool {
        if case .showsArticle = route { return article == nil }
        return false
    }

    /// An empty state, before the store has loaded the database.
    init() {}
}
