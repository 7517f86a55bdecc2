import Dispatch
import GRDB
import ReduxVM

/// Runs the writes of many tasks in shared transactions: whoever writes while a transaction is under way joins
/// the next one (group commit).
///
/// A refresh of 500 sources is 500 small merges. One transaction each rewrites the same b-tree and full-text
/// pages 500 times in the WAL; sharing transactions writes them once per batch.
/// Each job still runs in its own savepoint, so a job that fails is rolled back alone and the others of its
/// batch are committed; a job's caller resumes only once its work is committed. The articles the jobs stored
/// are added to the search index once per batch, after the last job (``PendingSearchIndex``); should that
/// fail, the whole batch fails.
///
/// Jobs run on a private serial queue, so waiting callers are suspended tasks, never blocked threads of the
/// cooperative pool.
final class GroupCommit: Sendable {
    /// At most this many jobs share a transaction, so that no transaction holds the write lock for long.
    static let maximumBatch = 32

    private struct Job: Sendable {
        /// Runs the work inside the shared transaction; its result is kept until the commit.
        let run: @Sendable (Database, inout PendingSearchIndex) throws -> Void
        /// Called once the transaction ended: nil when committed, else the failure.
        let finish: @Sendable ((any Error)?) -> Void
    }

    private struct Queue {
        var jobs: [Job] = []
        var isDraining = false
    }

    private let writer: any DatabaseWriter
    private let queue = Locked(Queue())
    private let executor = DispatchQueue(label: "RssCore.GroupCommit")

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in a savepoint of the next shared transaction and returns its result once committed; the
    /// articles `body` adds to the pending index are indexed before the commit.
    func write<T: Sendable>(
        _ body: @escaping @Sendable (Database, inout PendingSearchIndex) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let result = Locked<Result<T, any Error>?>(nil)
            let job = Job(
                run: { db, pending in
                    do {
                        let value = try body(db, &pending)
                        result.withLock { $0 = .success(value) }
                    } catch {
                        result.withLock { $0 = .failure(error) }
                        throw error
                    }
                },
                finish: { transactionError in
                    let outcome = result.withLock { $0 }
                    switch (outcome, transactionError) {
                    case (.failure(let error)?, _): continuation.resume(throwing: error)
                    case (_, let error?): continuation.resume(throwing: error)
                    case (.success(let value)?, nil): continuation.resume(returning: value)
                    case (nil, nil): continuation.resume(throwing: CancellationError())
                    }
                })
            let startsDraining = queue.withLock { queue in
                queue.jobs.append(job)
                defer { queue.isDraining = true }
                return !queue.isDraining
            }
            if startsDraining {
                executor.async { self.drain() }
            }
        }
    }

    /// Commits batches until no job is waiting.
    private func drain() {
        while true {
            let batch: [Job] = queue.withLock { queue in
                let batch = Array(queue.jobs.prefix(Self.maximumBatch))
                queue.jobs.removeFirst(batch.count)
                if batch.isEmpty { queue.isDraining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                try writer.write { db in
                    var pending = PendingSearchIndex()
                    for job in batch {
                        let pendingBefore = pending
                        do {
                            try db.inSavepoint {
                                try job.run(db, &pending)
                                return .commit
                            }
                        } catch {
                            // Rolled back to its savepoint, articles included; the job kept its error for its
                            // caller, and the others of the batch go on.
                            pending = pendingBefore
                        }
                    }
                    try pending.index(db)
                }
                for job in batch { job.finish(nil) }
            } catch {
                for job in batch { job.finish(error) }
            }
        }
    }
}
