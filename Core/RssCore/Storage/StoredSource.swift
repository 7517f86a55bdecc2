import Foundation

/// A subscribed feed as stored: what the user chose (URL, title, tags, enabled, order) and what the last fetch
/// left (validators, times, error).
///
/// A plain value so that the layers above never see a GRDB type; `Storage/` maps it to rows by hand.
struct StoredSource: Sendable, Equatable, Identifiable {
    var id: UUID
    /// The feed's URL as the user gave it (http, https or file).
    var url: String
    /// The feed's own title; filled from the feed at the first fetch.
    var title: String
    /// The user's name for the source (``RenameSource``), shown instead of `title`; nil when not renamed.
    var customTitle: String?
    /// The site the feed belongs to (the feed's `<link>`), when known.
    var siteLink: String?
    /// The icon the feed declares, an absolute `http(s)` address, when it declares one.
    var iconURL: String? = nil
    /// Tags or folders (an OPML outline path becomes tags); stored newline-separated, so a tag has no newline.
    var tags: [String]
    var isEnabled: Bool
    var addedAt: Date
    /// The user's order of sources (OPML order on import); ties fall back to `addedAt`.
    var sortOrder: Int
    var fetchStatus: StoredFetchStatus
    /// The user's interval for this source alone, in seconds; nil follows the refresh interval setting.
    var refreshInterval: Double?
    /// What its fetches may reach: the policy it was added under.
    var addressPolicy: AddressPolicy
    /// Whether its new articles get their pages' full text after each refresh.
    var isFullText: Bool

    init(
        id: UUID = UUID(), url: String, title: String = "", siteLink: String? = nil, tags: [String] = [],
        isEnabled: Bool = true, addedAt: Date, sortOrder: Int = 0, fetchStatus: StoredFetchStatus = StoredFetchStatus(),
        refreshInterval: Double? = nil, customTitle: String? = nil, addressPolicy: AddressPolicy = .unrestricted,
        isFullText: Bool = false
    ) {
        self.isFullText = isFullText
        self.addressPolicy = addressPolicy
        self.id = id
        self.url = url
        self.title = title
        self.customTitle = customTitle
        self.siteLink = siteLink
        self.tags = tags
        self.isEnabled = isEnabled
        self.addedAt = addedAt
        self.sortOrder = sortOrder
        self.fetchStatus = fetchStatus
        self.refreshInterval = refreshInterval
    }
}

/// What the last fetches of a source left behind: the HTTP validators sent back verbatim on the next conditional
/// GET, the last success, the last failure and when the next attempt is allowed (`Retry-After`, back-off),
/// and what the feed and server asked about the interval.
struct StoredFetchStatus: Sendable, Equatable {
    var etag: String?
    var lastModified: String?
    var lastSuccessAt: Date?
    var lastError: StoredFetchFailure?
    var nextAttemptAt: Date?
    /// Failed fetches since the last success.
    var failureCount: Int
    /// No scheduled fetch before this time: the back-off the failures earned.
    var backoffUntil: Date?
    /// A permanent redirect the last fetch followed, taken when the next one follows it too.
    var pendingMoveURL: String?
    /// What the feed and the server asked about the interval on the last fetch.
    var hints: RefreshHints

    /// Whether no fetch of the source ever ended, with a feed or a failure: a new source.
    var isNeverFetched: Bool { lastSuccessAt == nil && lastError == nil }

    init(
        etag: String? = nil, lastModified: String? = nil, lastSuccessAt: Date? = nil,
        lastError: StoredFetchFailure? = nil, nextAttemptAt: Date? = nil, failureCount: Int = 0,
        backoffUntil: Date? = nil, pendingMoveURL: String? = nil, hints: RefreshHints = RefreshHints()
    ) {
        self.etag = etag
        self.lastModified = lastModified
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.nextAttemptAt = nextAttemptAt
        self.failureCount = failureCount
        self.backoffUntil = backoffUntil
        self.pendingMoveURL = pendingMoveURL
        self.hints = hints
    }
}

/// A failed fetch as stored: what failed, and when.
struct StoredFetchFailure: Sendable, Equatable {
    var error: FetchError
    var at: Date
}
