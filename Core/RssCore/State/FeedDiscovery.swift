public import Foundation

/// A search for the feeds behind an address a user gave, started by ``DiscoverFeeds``: the address itself when
/// it is a feed, else the feeds its page declares, else a feed at one of the usual addresses of its site.
///
/// Fronts show it: the feeds found, numbered, for the user to pick one (``AddDiscoveredFeed``), or why none was
/// found. When one feed is found (or the search was told to take the first), it is followed at once, as a source
/// with the discovery's ``id``; so is the address itself when it could not be fetched, or when a search told to
/// take the first found nothing, so that the source keeps the failure like any source whose server is down.
public struct FeedDiscovery: Sendable, Equatable {
    /// Where the search stands.
    public enum Phase: Sendable, Equatable {
        /// The page, and failing it the usual addresses, are being fetched.
        case searching
        /// The feeds found, in the order the page declares them (never empty).
        case found([DiscoveredFeed])
        /// No feed was found and the address is followed as it was given, kept with this failure: fetching it
        /// failed, what it holds cannot be read as a feed, or (for a search told to take the first) it is a web
        /// page with no feed.
        case followedAsGiven(FetchError)
        /// No feed was found on a web page, and nothing was followed; the problem (also posted as a notice) says
        /// so.
        case failed(RssProblem)
    }

    /// The search's id: the id of the source it follows when it follows one by itself.
    public let id: UUID
    /// The address given.
    public let page: URL
    /// The tags the followed source is filed under.
    let tags: [String]
    /// Whether, of several feeds, the first is followed, or the user is asked.
    let choice: DiscoverFeeds.Choice
    /// Where the search stands.
    public internal(set) var phase: Phase
    /// What its fetches, and the source it follows, may reach.
    let policy: AddressPolicy
    /// The ticket of the command that started it, for a front that waits for its outcome.
    var ticket: CommandTicket? = nil

    init(
        id: UUID, page: URL, tags: [String], choice: DiscoverFeeds.Choice, phase: Phase,
        policy: AddressPolicy = .unrestricted, ticket: CommandTicket? = nil
    ) {
        self.id = id
        self.page = page
        self.tags = tags
        self.choice = choice
        self.phase = phase
        self.policy = policy
        self.ticket = ticket
    }

    /// The feeds found so far (none while searching or after a failure).
    public var feeds: [DiscoveredFeed] {
        if case .found(let feeds) = phase { return feeds }
        return []
    }

    /// Whether the search is still under way.
    public var isSearching: Bool { phase == .searching }

    /// The address the search follows by itself: the only feed found, the first when told to take it, or the
    /// address as given; nil while searching, or when the user is to choose.
    var followedByItself: URL? {
        switch phase {
        case .found where choice == .findOnly: nil
        case .found(let feeds) where feeds.count == 1 || choice != .ask: feeds.first?.url
        case .followedAsGiven: page
        default: nil
        }
    }
}

extension [FeedDiscovery] {
    /// The discovery with `id`, if it is kept.
    subscript(id id: UUID) -> FeedDiscovery? {
        first { $0.id == id }
    }
}

/// A feed a discovery found.
public struct DiscoveredFeed: Sendable, Equatable, Codable {
    /// How the feed was found.
    public enum Origin: String, Sendable, Equatable, Codable {
        /// The address given is itself a feed.
        case address
        /// The page declares it (`<link rel="alternate">`).
        case declared
        /// It answered at one of the usual addresses (`/feed`, `/rss.xml` …) of the page's site.
        case usualAddress
    }

    /// The format a feed is in, as far as the discovery knows.
    public enum Format: String, Sendable, Equatable, Codable {
        /// RSS (0.9x, 1.0 or 2.0).
        case rss
        /// Atom.
        case atom
        /// JSON Feed.
        case json
    }

    /// The feed's address.
    public let url: URL
    /// Its title: the page's title for the link, or the feed's own.
    public let title: String?
    /// Its format.
    public let format: Format
    /// How it was found.
    public let origin: Origin
}
