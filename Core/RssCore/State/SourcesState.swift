public import Foundation

/// A feed the reader follows.
public struct Source: Sendable, Equatable, Identifiable, Codable {
    /// A stable identifier, kept across renames and URL changes.
    public let id: UUID
    /// Where the feed is fetched from (`http`, `https` or `file`).
    public internal(set) var url: URL
    /// The title shown: the user's name for the source when it was renamed (``RenameSource``), else the feed's
    /// own title, or the URL's host until the first fetch.
    public internal(set) var title: String
    /// When the source was renamed: the feed's own title (kept up to date by fetches), which a rename back to
    /// nothing shows again; nil when the source has its feed's title.
    var feedTitle: String?
    /// The site the feed belongs to, when the feed says.
    public internal(set) var siteLink: URL?
    /// The icon or logo the feed declares (an `http(s)` address), when it declares one: a front fetches it under
    /// the source's address policy.
    public internal(set) var iconURL: URL?
    /// Tags (OPML folders) the user filed the source under.
    public internal(set) var tags: [String]
    /// Disabled sources are kept but not refreshed.
    public internal(set) var isEnabled: Bool
    /// When the source was added.
    public internal(set) var addedAt: Date
    /// The outcome of the last fetch, for fronts to show.
    public internal(set) var status: FetchStatus
    /// The user's interval for this source alone (`set-source SOURCE interval 2h`), instead of the refresh
    /// interval setting; nil follows the setting. The feed and server may still raise it (``FetchSchedule``).
    var refreshInterval: TimeInterval?
    /// What the source's fetches may reach: the policy it was added under (``AddSource/policy``), applied by
    /// every program that fetches it.
    var addressPolicy: AddressPolicy { restrictedPolicy ?? .unrestricted }
    /// The policy when it is not ``AddressPolicy/unrestricted``: optional, so that journals written before
    /// policies existed still read.
    var restrictedPolicy: AddressPolicy?
    /// Whether its new articles get the full text of their pages after each refresh (``SetSourceFullText``),
    /// unless the feed carries them whole.
    public var isFullText: Bool { fullText ?? false }
    /// ``isFullText``, nil when off: optional, so that journals written before full text still read.
    var fullText: Bool?

    /// Makes a source; RssCore makes them when a user adds a feed or imports OPML.
    init(
        id: UUID, url: URL, title: String, siteLink: URL? = nil, tags: [String] = [], isEnabled: Bool = true,
        addedAt: Date, status: FetchStatus = FetchStatus(), refreshInterval: TimeInterval? = nil,
        feedTitle: String? = nil, addressPolicy: AddressPolicy = .unrestricted, isFullText: Bool = false,
        iconURL: URL? = nil
    ) {
        self.iconURL = iconURL
        fullText = isFullText ? true : nil
        restrictedPolicy = addressPolicy == .unrestricted ? nil : addressPolicy
        self.id = id
        self.url = url
        self.title = title
        self.feedTitle = feedTitle
        self.siteLink = siteLink
        self.tags = tags
        self.isEnabled = isEnabled
        self.addedAt = addedAt
        self.status = status
        self.refreshInterval = refreshInterval
    }
}

/// The sources, in display order.
public struct SourcesState: Sendable, Equatable {
    /// Every source, in display order.
    public internal(set) var all: [Source] = []

    /// No sources (the state before the database is read).
    public init() {}

    /// The source with `id`, if the reader follows it.
    public subscript(id: UUID) -> Source? {
        all.first { $0.id == id }
    }

    /// The source `text` names, so that fronts can let a user name a source loosely. Case is ignored; the
    /// first source, in display order, found by the first rule that finds one wins: its title or URL is
    /// `text`; its title starts with `text`; its title or URL contains `text`.
    public func named(_ text: String) -> Source? {
        let needle = text.lowercased()
        return all.first { $0.title.lowercased() == needle || $0.url.absoluteString.lowercased() == needle }
            ?? all.first { $0.title.lowercased().hasPrefix(needle) }
            ?? all.first { $0.title.lowercased().contains(needle) || $0.url.absoluteString.lowercased().contains(needle) }
    }

    mutating func update(_ id: UUID, _ change: (inout Source) -> Void) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { return }
        change(&all[index])
    }
}
