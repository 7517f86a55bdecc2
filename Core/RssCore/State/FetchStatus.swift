public import Foundation

/// What happened the last time a source was fetched, kept in state and storage so fronts can show it.
public struct FetchStatus: Sendable, Equatable, Codable {
    /// When the feed was last fetched and understood (a 304 counts).
    public internal(set) var lastSuccess: Date?
    /// The last failure, cleared by the next success.
    public internal(set) var lastError: FetchError?
    /// Not before this time, as the server asked with `Retry-After`: every refresh, even one the user asked
    /// for, skips the source until then.
    public internal(set) var nextAttemptAfter: Date?
    /// When the source was last fetched, whatever the outcome: timed refreshes leave a source alone for a
    /// minimum interval after it (see ``Refresh/due(at:minimumInterval:)``).
    public internal(set) var lastAttempt: Date?

    /// No fetch yet.
    public init(
        lastSuccess: Date? = nil, lastError: FetchError? = nil, nextAttemptAfter: Date? = nil,
        lastAttempt: Date? = nil
    ) {
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.nextAttemptAfter = nextAttemptAfter
        self.lastAttempt = lastAttempt ?? lastSuccess
    }

    /// Whether a timed refresh at `date` fetches the source: never fetched, or not within `minimumInterval`.
    public func isDue(at date: Date, minimumInterval: TimeInterval) -> Bool {
        guard let lastAttempt else { return true }
        return date.timeIntervalSince(lastAttempt) >= minimumInterval
    }
}
