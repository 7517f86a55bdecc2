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
            result = .skipped(until: until)
        } else if let error = outcome.status.lastError {
            result = .failed(error)
        } else if outcome.wasNotModified {
            result = .notModified
        } else {
            result = .fetched(newArticles: outcome.newArticles)
        }
        return SourceFetchReport(sourceID: fetched.id, result: result)
    }
}
