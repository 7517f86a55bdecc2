public import Foundation
public import ReduxVM

/// What one source's fetch came to, as a batch front reports it: one line per source.
///
/// Read it from a subscriber's box with ``ReduxVM/StateBox/sourceFetchReport``; it is there exactly when the
/// box's action finished one source of the refresh under way.
public struct SourceFetchReport: Sendable, Equatable {
    /// How the fetch ended.
    public enum Result: Sendable, Equatable {
        /// The feed was read and merged; `newArticles` were not stored before.
        case fetched(newArticles: Int)
        /// The feed had not changed since the last fetch (HTTP 304, or an unchanged file).
        case notModified
        /// The source was not asked, because it may not be asked again before this time (`Retry-After`).
        case skipped(until: Date)
        /// A refresh of due sources only (``Refresh/init(sourceIDs:onlyIfDue:)``) left it alone: its interval
        /// has not passed since its last fetch (by any program), until this time.
        case notDue(until: Date)
        /// A refresh of due sources only left it alone: it is failing and backing off until this time.
        case backingOff(until: Date)
        /// A refresh of due sources only left it alone: it was disabled since the refresh began.
        case disabled
        /// The fetch failed; the error says why.
        case failed(FetchError)
        /// The feed was fetched, but what it brought could not be stored: a failure of the database, not of
        /// the source.
        case notStored(DatabaseProblem)
    }

    /// The source.
    public let sourceID: UUID
    /// How it ended.
    public let result: Result
    /// Where the feed moved for good, when this fetch made the source take its new address: the second
    /// fetch in a row redirected there permanently (301, 308).
    public var movedTo: URL? = nil
}

extension StateBox where State == RssState {
    /// The fetch this box's action finished, when it finished one source of the refresh under way; nil for
    /// every other action (and for a late result of a cancelled or older refresh, which changes nothing).
    public var sourceFetchReport: SourceFetchReport? {
        guard let fetched = lastAction(as: SourceFetched.self), fetched.isPartOfRunningRefresh(oldState) else {
            return nil
        }
        let outcome = fetched.outcome
        let result: SourceFetchReport.Result
        if let problem = outcome.storageProblem {
            result = .notStored(problem)
        } else if let until = outcome.skippedUntil {
            switch outcome.skipReason ?? .retryAfter {
            case .retryAfter: result = .skipped(until: until)
            case .notDue: result = .notDue(until: until)
            case .backingOff: result = .backingOff(until: until)
            case .disabled: result = .disabled
            }
        } else if let error = outcome.status.lastError {
            result = .failed(error)
        } else if outcome.wasNotModified {
            result = .notModified
        } else {
            result = .fetched(newArticles: outcome.newArticles)
        }
        return SourceFetchReport(sourceID: fetched.id, result: result, movedTo: outcome.movedTo)
    }
}
