public import Foundation
public import ReduxVM

/// Turns full text on or off for a source: on, the articles each refresh stores get the text of their web
/// pages, in the background, unless the feed carries them whole (150 words or more of content, not ending as a
/// teaser does: "…", "Read more"); its newest articles without it get it at once.
public struct SetSourceFullText: JournaledAction, SourcesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SetSourceFullText"
    /// The source.
    let id: UUID
    /// Whether its articles get their pages' text.
    let isOn: Bool

    /// Turns full text on (or off) for the source `id`.
    public init(id: UUID, on isOn: Bool) {
        self.id = id
        self.isOn = isOn
    }

    /// Sets the flag.
    public func updateState(_ state: inout RssState) {
        state.sources.update(id) { $0.fullText = isOn ? true : nil }
    }
}

/// Fetches articles' web pages and stores the text extracted from them, beside the feed's: the article then
/// shows it (``ArticleBody/kind`` is ``ArticleBody/Kind/page``), search finds its words, and it reads offline.
///
/// A page is fetched as politely as a feed (the fetches of feeds and pages share their limits: 8 at a time,
/// 2 per host), conditionally when its text is stored already, within the time limits and at most 10 MiB;
/// only `http` and `https` links are fetched, under the source's ``AddressPolicy``, and nothing the page
/// refers to is fetched or run. The text is extracted on threads of its own, one page per core at most.
///
/// The outcome of each article's fetch comes back as an action: the open article shows its page's text as soon
/// as it is stored, and a problem of a fetch someone asked for is posted as ``RssProblem/fullText(article:_:)``.
/// ``FullTextState/isFetching(_:)`` says when a fetch someone asked for is over.
public struct FetchFullText: JournaledAction, ArticleTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.FetchFullText"

    /// Which pages of ``FetchFullText/articles`` are fetched, and who hears of the outcome.
    enum Mode: String, Sendable, Equatable, Codable {
        /// Every one (someone asked for these articles): counted in ``FullTextState``, problems posted.
        case asked
        /// Those without a stored full text whose feed does not carry them whole, and not left after a problem
        /// (a report's `--full-text`): counted, problems posted.
        case whereNeeded
        /// The same pages, for a full-text source after a refresh: in the background, problems kept with the
        /// articles only.
        case due
    }

    /// The articles.
    let articles: [UUID]
    /// Which of them are fetched.
    let mode: Mode
    /// A policy the fetch must also keep to, besides the source's (a server passes its own).
    let restrictedPolicy: AddressPolicy?
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// Fetches the page of `article` now, whatever the feed carries and whatever the last attempt gave, under its
    /// source's ``AddressPolicy`` narrowed to what `policy` also allows: a server passes the policy of the sources
    /// its users add, so that a user never makes it fetch an address the owner did not allow, even through
    /// the owner's own sources.
    /// ``CommandOutcome/fullText(stored:problems:)`` under `ticket`, if given, says how it ended.
    public init(article: UUID, policy: AddressPolicy = .unrestricted, ticket: CommandTicket? = nil) {
        self.init(articles: [article], mode: .asked, policy: policy, ticket: ticket)
    }

    /// Fetches the pages of those `articles` that need one: no full text stored yet, a feed that does not
    /// carry them whole (as ``SetSourceFullText`` says), and no problem from the last attempt that may not have
    /// passed (a missing page, a refused address, not HTML, no article: for good; a timeout or a server error: for
    /// a day): what a full-text source's refresh fetches, for any article.
    /// ``CommandOutcome/fullText(stored:problems:)`` under `ticket`, if given, says how they ended, every
    /// problem included (the notices keep only the latest).
    public init(articlesWhereNeeded articles: [UUID], ticket: CommandTicket? = nil) {
        self.init(articles: articles, mode: .whereNeeded, policy: .unrestricted, ticket: ticket)
    }

    init(articles: [UUID], mode: Mode, policy: AddressPolicy = .unrestricted, ticket: CommandTicket? = nil) {
        self.articles = articles
        self.mode = mode
        restrictedPolicy = policy == .unrestricted ? nil : policy
        self.ticket = mode == .due ? nil : ticket
    }

    /// The policy the fetch keeps to besides the source's.
    var policy: AddressPolicy { restrictedPolicy ?? .unrestricted }

    /// Whether the articles are counted in ``FullTextState`` until their outcome, and problems posted.
    var isCounted: Bool { mode != .due }

    /// Counts the fetches someone waits for.
    public func updateState(_ state: inout RssState) {
        guard isCounted else { return }
        for article in articles { state.fullText.start(article) }
        guard let ticket else { return }
        if articles.isEmpty {
            state.outcomes.record(.fullText(stored: 0, problems: []), for: ticket)
        } else {
            state.fullText.waiting.append(FullTextState.Waiting(ticket: ticket, left: articles))
        }
    }
}

/// How fetching one article's page ended.
enum FullTextOutcome: Sendable, Equatable, Codable {
    /// The page's text was extracted and stored.
    case stored(html: String, fetchedAt: Date)
    /// The page is unchanged since its stored text (a 304).
    case unchanged(fetchedAt: Date)
    /// The page was left alone: the feed carries the article whole.
    case feedIsWhole
    /// The page was left alone: its text is stored, or the last attempt's problem has not had time to pass.
    case notNeeded
    /// No text came of it.
    case failed(FullTextProblem)
    /// The article is no longer stored.
    case gone
    /// The database failed while reading or storing.
    case databaseFailed(DatabaseProblem)
    /// The fetch was cancelled before it ended; nothing was stored.
    case cancelled
}

/// The fetch of one article's page ended: the open article shows a new text, a problem someone waits to hear
/// of is posted.
struct FullTextFetched: JournaledAction, ArticleTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.FullTextFetched"
    let article: UUID
    let outcome: FullTextOutcome
    /// Whether the request counted it (``FetchFullText/isCounted``).
    let counted: Bool
    let date: Date

    func updateState(_ state: inout RssState) {
        if counted {
            state.fullText.finish(article)
            if let (ticket, outcome) = state.fullText.record(outcome, of: article) { state.outcomes.record(outcome, for: ticket) }
        }
        switch outcome {
        case .stored(let html, let fetchedAt):
            if state.article?.id == article { state.article?.showPage(html, fetched: fetchedAt) }
        case .unchanged(let fetchedAt):
            if state.article?.id == article { state.article?.confirmPage(at: fetchedAt) }
        case .failed(let problem):
            if counted { state.notices.post(.fullText(article: article, problem), at: date) }
        case .gone:
            if counted { state.notices.post(.articleGone(article), at: date) }
        case .databaseFailed(let problem):
            state.notices.post(.database(problem), at: date)
        case .feedIsWhole, .notNeeded, .cancelled:
            break
        }
    }
}
