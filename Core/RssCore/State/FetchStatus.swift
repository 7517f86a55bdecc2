public import Foundation

/// What happened the last time a source was fetched, kept in state and storage so fronts can show it.
public struct FetchStatus: Sendable, Equatable, Codable {
    /// When the feed was last fetched and understood (a 304 counts).
    public internal(set) var lastSuccess: Date?
    /// The last failure, cleared by the next success.
    public internal(set) var lastError: FetchError?
    /// Not before this time, as the server asked with `Retry-After`: every refresh, even one the user asked
    /// for, skips the source until then.
    var nextAttemptAfter: Date?
    /// When the source was last fetched, whatever the outcome: scheduled refreshes count its interval from
    /// it (see ``FetchSchedule``).
    public internal(set) var lastAttempt: Date?
    /// Failed fetches since the last success: each one doubles the wait before the next scheduled fetch.
    public internal(set) var consecutiveFailures: Int
    /// While failing: no scheduled refresh fetches the source before this time (a refresh someone asks for
    /// does). Exponential, with jitter, from the interval up to a day.
    var backingOffUntil: Date?
    /// A permanent redirect (301, 308) the last fetch followed: the source takes the new address when the
    /// next fetch is redirected there too.
    var pendingMove: URL?
    /// What the feed and its server asked about the interval, as the last fetch said.
    var hints: RefreshHints

    /// No fetch yet.
    init(
        lastSuccess: Date? = nil, lastError: FetchError? = nil, nextAttemptAfter: Date? = nil,
        lastAttempt: Date? = nil, consecutiveFailures: Int = 0, backingOffUntil: Date? = nil,
        pendingMove: URL? = nil, hints: RefreshHints = RefreshHints()
    ) {
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.nextAttemptAfter = nextAttemptAfter
        self.lastAttempt = lastAttempt ?? lastSuccess
        self.consecutiveFailures = consecutiveFailures
        self.backingOffUntil = backingOffUntil
        self.pendingMove = pendingMove
        self.hints = hints
    }
}

extension FetchStatus {
    /// Reads a status as journals record it; journals written before back-off and hints existed lack them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lastSuccess: try container.decodeIfPresent(Date.self, forKey: .lastSuccess),
            lastError: try container.decodeIfPresent(FetchError.self, forKey: .lastError),
            nextAttemptAfter: try container.decodeIfPresent(Date.self, forKey: .nextAttemptAfter),
            lastAttempt: try container.decodeIfPresent(Date.self, forKey: .lastAttempt),
            consecutiveFailures: try container.decodeIfPresent(Int.self, forKey: .consecutiveFailures) ?? 0,
            backingOffUntil: try container.decodeIfPresent(Date.self, forKey: .backingOffUntil),
            pendingMove: try container.decodeIfPresent(URL.self, forKey: .pendingMove),
            hints: try container.decodeIfPresent(RefreshHints.self, forKey: .hints) ?? RefreshHints())
    }
}
