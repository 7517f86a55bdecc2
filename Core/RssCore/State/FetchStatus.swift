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

/// Why a fetch failed, and at which stage.
public struct FetchError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// Where in the fetch the failure happened.
    public enum Stage: String, Sendable, Equatable, Codable {
        /// The source could not be read (network, file system).
        case fetch
        /// The server answered with an error status.
        case http
        /// The fetch took longer than allowed.
        case timeout
        /// The body was larger than allowed.
        case tooLarge
        /// The body was not a feed the parser could read.
        case parse
    }

    /// Where it failed.
    public let stage: Stage
    /// A one-line explanation, with no credentials from the URL.
    public let message: String
    /// The HTTP status, for `.http`.
    public let httpStatus: Int?
    /// Not before this time, as the server asked with `Retry-After` on a 429 or 503; `nil` when it did not.
    public let retryAfter: Date?

    /// Makes an error at `stage`.
    public init(stage: Stage, message: String, httpStatus: Int? = nil, retryAfter: Date? = nil) {
        self.stage = stage
        self.message = message
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
    }

    /// `HTTP 404: not found`, `PARSE: not a feed`, and so on.
    public var description: String {
        switch stage {
        case .http: "HTTP \(httpStatus.map(String.init) ?? "?"): \(message)"
        default: "\(stage.rawValue.uppercased()): \(message)"
        }
    }
}
