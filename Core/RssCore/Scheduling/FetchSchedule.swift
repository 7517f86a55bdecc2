public import Foundation

/// When a scheduled refresh (the reader's timer, `rss-report --refresh`) fetches a source next, and why
/// then: what fronts show beside each source. Read it with ``RssState/fetchSchedule(of:)``.
///
/// The interval is the user's (the source's own, else the refresh interval setting), raised, never lowered,
/// by what the feed asks (RSS `ttl`, `sy:updatePeriod`/`sy:updateFrequency`) and what the server asks
/// (`Cache-Control: max-age`, `Expires`), each counted up to a day, and never under the minimum fetch
/// interval. A failing source backs off instead; a server's `Retry-After` wins when it is later.
public struct FetchSchedule: Sendable, Equatable {
    /// Why the interval or the due time is what it is.
    public enum Reason: String, Sendable, Equatable, CaseIterable {
        /// The refresh interval setting.
        case refreshInterval
        /// The source's own interval (`set-source SOURCE interval 2h`).
        case sourceInterval
        /// The feed's RSS `<ttl>`.
        case ttl
        /// The feed's `sy:updatePeriod` and `sy:updateFrequency`.
        case updatePeriod
        /// The server's `Cache-Control: max-age` or `Expires`.
        case server
        /// The minimum fetch interval, longer than all of the above.
        case minimum
        /// Never fetched: due at once.
        case new
        /// Failing: the back-off its failures in a row earned.
        case backingOff
        /// The server asked to wait (`Retry-After`).
        case retryAfter
        /// Disabled: no scheduled refresh fetches it.
        case disabled
    }

    /// The interval between scheduled fetches, in seconds.
    public let interval: TimeInterval
    /// What set ``interval``: one of the first six reasons.
    public let intervalReason: Reason
    /// When a scheduled refresh fetches the source next (a time past means "at the next look"); nil when it
    /// is disabled.
    public let due: Date?
    /// Why ``due`` is then: ``intervalReason`` for a source on its interval, else ``Reason/new``,
    /// ``Reason/backingOff``, ``Reason/retryAfter`` or ``Reason/disabled``.
    public let reason: Reason
}
