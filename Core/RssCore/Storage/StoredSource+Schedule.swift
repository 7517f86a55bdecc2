import Foundation
import GRDB

// The columns of a source's schedule (schema version 4), mapped by hand like the rest of the source's row.

extension StoredSource {
    /// The schedule's columns, in the order ``scheduleArguments`` writes them.
    static let scheduleColumns =
        "refreshInterval, failureCount, backoffUntil, pendingMoveURL, feedTTL, feedUpdatePeriod, serverFreshness"
    static let scheduleColumnCount = 7

    /// Reads the schedule's columns of `row` into this source.
    mutating func readSchedule(_ row: Row) {
        refreshInterval = row["refreshInterval"]
        fetchStatus.failureCount = row["failureCount"]
        fetchStatus.backoffUntil = row.optionalDate("backoffUntil")
        fetchStatus.pendingMoveURL = row["pendingMoveURL"]
        fetchStatus.hints = RefreshHints(
            ttl: row["feedTTL"], updatePeriod: row["feedUpdatePeriod"], serverFreshness: row["serverFreshness"])
    }

    /// The schedule's values in the order of ``scheduleColumns``.
    var scheduleArguments: StatementArguments {
        [refreshInterval] + fetchStatus.scheduleArguments
    }
}

extension StoredFetchStatus {
    /// When the source was last fetched, whatever the outcome: the later of the last success and failure.
    var lastAttemptAt: Date? { [lastSuccessAt, lastError?.at].compactMap { $0 }.max() }

    /// What a fetch leaves in the schedule's columns: every one but the user's interval, in column order.
    var scheduleArguments: StatementArguments {
        [
            failureCount, backoffUntil.storageValue, pendingMoveURL, hints.ttl, hints.updatePeriod,
            hints.serverFreshness,
        ]
    }

    /// This status after a fetch that worked at `date`: the error, `Retry-After`, the failures and the
    /// back-off are gone; the validators and hints are the caller's to set.
    func succeeded(at date: Date) -> StoredFetchStatus {
        var status = self
        status.lastSuccessAt = date
        status.lastError = nil
        status.nextAttemptAt = nil
        status.failureCount = 0
        status.backoffUntil = nil
        return status
    }
}
