public import Foundation
public import ReduxVM

/// A reader's action journal: every action a store reduces (the user's and those its side effects report,
/// such as pages read and fetches finished) as JSON lines, after a format line; and the replay that rebuilds
/// a session's state from one through the reducers alone.
///
/// Because side effects report back only by dispatching, the journal holds everything the state ever learnt
/// from the database, the network and the clock: replay needs none of them.
///
/// ```swift
/// let journal = try RssJournal.create(at: url, writer: "my-reader 1.0")
/// let store = try RssStore.make(RssConfiguration(database: .inMemory, journal: journal))
/// …
/// journal.close()
/// let state = try RssJournal.replay(contentsOf: url)   // equal to store.state
/// ```
public enum RssJournal {
    /// The format every reader's journal declares on its first line. The version grows when an action's
    /// recorded form changes in a way older readers would misread.
    static let format = JournalFormat(format: "rss-reeder-journal", version: 1)

    /// Creates (or truncates) a journal file, readable by its owner only: it holds feed addresses (with any
    /// credentials in them) and what the user read, like the database. `writer` names the program in the
    /// format line (`rss-repl 0.2.0`).
    public static func create(at url: URL, writer: String) throws(JournalError) -> ActionJournal<RssState> {
        var format = format
        format.writer = writer
        return try ActionJournal(url: url, format: format)
    }

    /// The state the session recorded in `url` ended in, rebuilt by applying its actions to an empty state
    /// through their reducers: no database, no network, no side effects.
    ///
    /// Throws when the file is not a reader's journal, was written by a newer format version, or has a line
    /// that cannot be read (``/ReduxVM/JournalError``).
    public static func replay(contentsOf url: URL) throws(JournalError) -> RssState {
        try ActionJournal.replay(contentsOf: url, onto: RssState(), registry: registry, format: format)
    }

    /// Every action RssCore reduces, by its journal name.
    static let registry: JournalRegistry<RssState> = {
        var registry = JournalRegistry<RssState>()
        for register in registrations { register(&registry) }
        return registry
    }()

    /// One registration per action type, public and internal. `UITagContractTests` and
    /// `RssJournalTests` check that every action a session reduces is here.
    static let registrations: [@Sendable (inout JournalRegistry<RssState>) -> Void] = [
        // Library: start, pages, the article, marks, notices.
        { $0.register(Start.self) }, { $0.register(Started.self) }, { $0.register(ListLoaded.self) },
        { $0.register(ArticleLoaded.self) }, { $0.register(ProblemOccurred.self) },
        { $0.register(CountsChanged.self) }, { $0.register(MarksSaved.self) }, { $0.register(CommandEnded.self) },
        // Sources and refresh.
        { $0.register(AddSource.self) }, { $0.register(RemoveSource.self) }, { $0.register(SetSourceEnabled.self) },
        { $0.register(Refresh.self) }, { $0.register(CancelRefresh.self) }, { $0.register(SourceFetched.self) },
        { $0.register(SetSourceInterval.self) },
        // Lists.
        { $0.register(ShowMarks.self) }, { $0.register(ShowSource.self) }, { $0.register(SearchArticles.self) },
        { $0.register(FilterList.self) }, { $0.register(SortList.self) }, { $0.register(ShowPage.self) },
        { $0.register(SwitchList.self) },
        // Articles and marks.
        { $0.register(OpenArticle.self) }, { $0.register(CloseArticle.self) }, { $0.register(SetRead.self) },
        { $0.register(SetStarred.self) }, { $0.register(MarkAllRead.self) },
        // OPML, settings, notices.
        { $0.register(ImportOPML.self) }, { $0.register(ExportOPML.self) }, { $0.register(OPMLExported.self) },
        { $0.register(SourcesImported.self) }, { $0.register(ChangeSetting.self) },
        { $0.register(DismissNotices.self) },
        // Other processes' changes.
        { $0.register(CheckForChanges.self) }, { $0.register(DatabaseChanged.self) },
        // Discovery and tags.
        { $0.register(DiscoverFeeds.self) }, { $0.register(FeedsDiscovered.self) },
        { $0.register(AddDiscoveredFeed.self) }, { $0.register(CancelDiscovery.self) },
        { $0.register(TagSource.self) }, { $0.register(UntagSource.self) }, { $0.register(RenameSource.self) },
        { $0.register(CreateTag.self) }, { $0.register(RenameTag.self) }, { $0.register(DeleteTag.self) },
        // Rules and saved queries.
        { $0.register(AddRule.self) }, { $0.register(RemoveRule.self) }, { $0.register(ApplyRule.self) },
        { $0.register(RuleApplied.self) }, { $0.register(SaveQuery.self) }, { $0.register(RemoveQuery.self) },
        // Full text.
        { $0.register(SetSourceFullText.self) }, { $0.register(FetchFullText.self) },
        { $0.register(FullTextFetched.self) },
    ]
}
