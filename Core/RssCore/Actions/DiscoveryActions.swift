import FeedParser
public import Foundation
public import ReduxVM

/// Finds the feeds behind an address and follows one: the address itself when it is a feed; else the feeds its
/// page declares (`<link rel="alternate">` with an RSS, Atom or JSON Feed type, relative addresses resolved
/// against the page and its `<base>`); else a feed at one of its site's usual addresses (`/feed`, `/rss.xml`,
/// `/atom.xml`, `/index.xml`, `/feed.json`, tried one after the other, http and https only; asked when the
/// address is a web page or answered 404 or 410).
///
/// Everything is fetched through the reader's own fetcher, within its limits (per-host and global concurrency,
/// timeouts, the size cap, its User-Agent); nothing on a page is executed, and a feed found by fetching it is
/// not fetched again by the add that follows. The search is in ``RssState/discoveries`` (the latest is
/// ``RssState/discovery``). One feed found is followed at once (as ``AddSource`` would, with this action's `id`
/// and `tags`); of several, the first is followed with ``Choice/first``, and with ``Choice/ask`` they wait for
/// ``AddDiscoveredFeed``; with ``Choice/firstFound`` the first is followed, and with ``Choice/findOnly`` none
/// (the feeds are only listed). A web page without a feed anywhere posts ``RssProblem/noFeedFound(page:)`` with
/// ``Choice/ask``; with ``Choice/first``, and whenever the address could not be fetched or holds something
/// meant as a feed that cannot be read (broken XML, an image), the address is followed as given and keeps the
/// failure, like any source whose server is down or whose feed is broken. A refused address posts
/// ``RssProblem/badAddress(_:_:)``, one already followed ``RssProblem/alreadyFollowing(_:source:)``.
public struct DiscoverFeeds: JournaledAction, DiscoveryTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.DiscoverFeeds"

    /// What to do when a page declares several feeds, or none.
    public enum Choice: String, Sendable, Equatable, Codable {
        /// Wait for the user to pick one (``AddDiscoveredFeed``); a page with none is a problem.
        case ask
        /// Follow the first the page declares, else the address as given (a batch program).
        case first
        /// Follow the first feed found; when none is (the address could not be fetched, holds no feed and
        /// declares none), follow nothing: the search fails, saying why (``RssProblem/noFeed(page:_:)``). What
        /// a sync server's "add this address" means.
        case firstFound
        /// Follow nothing: only find the feeds, for another program to choose from (a sync server's
        /// "discover"); when none is found the search fails as with ``firstFound``, without a notice.
        case findOnly
    }

    /// The address: a feed, or a web page.
    let url: URL
    /// Tags (folders) to file the followed feed under.
    let tags: [String]
    /// What to do with several feeds, or none.
    let choice: Choice
    /// The discovery's id, and the id of the source it follows by itself.
    let id: UUID
    /// When it was asked for.
    let date: Date
    /// What the search's fetches, and the source it follows, may reach (optional in journals written before
    /// policies: unrestricted).
    let restrictedPolicy: AddressPolicy?
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// What the search's fetches, and the source it follows, may reach.
    var policy: AddressPolicy { restrictedPolicy ?? .unrestricted }

    /// Looks for the feeds at `url`, filing the one followed under `tags`; everything it fetches, and the source
    /// it follows, reaches only what `policy` allows. Under `ticket`, if given: ``CommandOutcome/sourceAdded(_:)``
    /// once the source it follows by itself is stored, ``CommandOutcome/done`` when it follows none (the feeds
    /// are in ``RssState/discoveries``), or the problem that ended it.
    public init(
        url: URL, tags: [String] = [], choice: Choice = .ask, id: UUID = UUID(), date: Date = Date(),
        policy: AddressPolicy = .unrestricted, ticket: CommandTicket? = nil
    ) {
        self.url = url
        self.tags = tags
        self.choice = choice
        self.id = id
        self.date = date
        restrictedPolicy = policy == .unrestricted ? nil : policy
        self.ticket = ticket
    }

    /// How many finished searches are kept (every search under way is).
    static let finishedKept = 16

    /// Starts the search, or posts why the address was refused.
    public func updateState(_ state: inout RssState) {
        guard let url = state.newFeedAddress(url, at: date, policy: policy, ticket: ticket) else { return }
        state.discoveries.append(
            FeedDiscovery(id: id, page: url, tags: tags, choice: choice, phase: .searching, policy: policy, ticket: ticket))
        while state.discoveries.count > Self.finishedKept,
            let oldest = state.discoveries.firstIndex(where: { !$0.isSearching })
        {
            state.discoveries.remove(at: oldest)
        }
    }
}

/// Follows the feed numbered `number` (from 1) of a discovery's feeds (the latest discovery's, unless another is
/// named), as ``AddSource`` would, filed under the discovery's tags; a number the discovery does not have posts
/// ``RssProblem/noDiscoveredFeed(number:)``. The discovery stays, so that another of its feeds can be followed too.
public struct AddDiscoveredFeed: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.AddDiscoveredFeed"
    /// Which feed, from 1, in the order ``FeedDiscovery/feeds`` lists them.
    let number: Int
    /// The discovery, nil for the latest.
    let discoveryID: UUID?
    /// The new source's id.
    let id: UUID
    /// When it was asked for.
    let date: Date

    /// Follows feed `number` of the discovery `discoveryID` (nil: the latest).
    public init(number: Int, of discoveryID: UUID? = nil, id: UUID = UUID(), date: Date = Date()) {
        self.number = number
        self.discoveryID = discoveryID
        self.id = id
        self.date = date
    }

    /// The discovery picked from and the feed picked, if it has it.
    func pick(in state: RssState) -> (FeedDiscovery, DiscoveredFeed)? {
        guard let discovery = discoveryID.map({ state.discoveries[id: $0] }) ?? state.discovery else { return nil }
        let feeds = discovery.feeds
        return feeds.indices.contains(number - 1) ? (discovery, feeds[number - 1]) : nil
    }

    /// Posts a problem for a number the discovery does not have; the source is added by a side effect.
    public func updateState(_ state: inout RssState) {
        if pick(in: state) == nil { state.notices.post(.noDiscoveredFeed(number: number), at: date) }
    }
}

/// Stops a discovery under way (or every one); nothing is followed.
public struct CancelDiscovery: JournaledAction, DiscoveryTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.CancelDiscovery"
    /// The discovery, nil for every one under way.
    let id: UUID?

    /// Cancels the search `id` (nil: every search under way).
    public init(id: UUID? = nil) {
        self.id = id
    }

    /// Forgets the searches; their fetches are cancelled by a side effect.
    public func updateState(_ state: inout RssState) {
        for search in state.discoveries where search.isSearching && (id == nil || search.id == id) {
            state.outcomes.record(.failed(.noFeed(page: SourceURL.display(search.page), .cancelled)), for: search.ticket)
        }
        state.discoveries.removeAll { $0.isSearching && (id == nil || $0.id == id) }
    }
}

/// What a discovery found: its feeds, or, when none, why the address itself is no feed (its fetch failed, what
/// it holds cannot be read as a feed, or it is a web page: `.parse(.htmlPage)`).
struct FeedsDiscovered: JournaledAction, DiscoveryTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.FeedsDiscovered"
    /// The discovery's id.
    let id: UUID
    let feeds: [DiscoveredFeed]
    /// With no feed: what fetching or reading the address gave.
    let failure: FetchError?
    let date: Date

    func updateState(_ state: inout RssState) {
        guard let index = state.discoveries.firstIndex(where: { $0.id == id && $0.isSearching }) else { return }
        var discovery = state.discoveries[index]
        if !feeds.isEmpty {
            discovery.phase = .found(feeds)
        } else if discovery.choice == .firstFound || discovery.choice == .findOnly {
            let problem = RssProblem.noFeed(page: SourceURL.display(discovery.page), failure ?? .parse(.htmlPage))
            discovery.phase = .failed(problem)
            if discovery.choice == .firstFound { state.notices.post(problem, at: date) }
        } else if let failure, discovery.choice == .first || failure != .parse(.htmlPage) {
            discovery.phase = .followedAsGiven(failure)
        } else {
            let problem = RssProblem.noFeedFound(page: SourceURL.display(discovery.page))
            discovery.phase = .failed(problem)
            state.notices.post(problem, at: date)
        }
        state.discoveries[index] = discovery
        // The command ends here unless it follows a source by itself (its outcome is then that source's).
        if case .failed(let problem) = discovery.phase {
            state.outcomes.record(.failed(problem), for: discovery.ticket)
        } else if discovery.followedByItself == nil {
            state.outcomes.record(.done, for: discovery.ticket)
        }
    }
}
