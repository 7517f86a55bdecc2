import Foundation
import GRDB
import Synchronization

/// The `setting` table of a test's database, read as stored: not through RssCore, whose store would read a
/// missing or out-of-range value as the default. The connection is read-only, so reading cannot change what it
/// checks (a database in WAL mode, as RssCore opens it, is read without waiting for its writers).
final class SettingTable: Sendable {
    private let queue: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        queue = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// The stored page size as text (nil: none stored, which RssCore reads as its default).
    func pageSize() throws -> String? {
        try queue.read { try String.fetchOne($0, sql: "SELECT value FROM setting WHERE key = 'pageSize'") }
    }
}

/// Reads the stored page size over and over, on a thread of its own (a busy cooperative pool cannot slow it),
/// from its start until ``stop()``, and keeps each value that differs from the one read before it.
///
/// A run that stores a page size and puts the old one back is seen unless both writes fall between two reads:
/// the reads are about a millisecond apart.
final class SettingWatch: Sendable {
    struct Seen: Sendable {
        /// The values in the order they were read, each kept once for as long as it lasts.
        var values: [String?] = []
        var reads = 0
        /// The first read that failed.
        var failure: String?
        fileprivate var stopping = false
        fileprivate var stopped = false
    }

    private final class Shared: Sendable {
        let seen = Mutex(Seen())
    }

    private let shared = Shared()

    init(_ table: SettingTable) {
        let shared = self.shared
        Thread.detachNewThread {
            while true {
                let value = Result { try table.pageSize() }
                let stopping = shared.seen.withLock { seen in
                    seen.reads += 1
                    switch value {
                    case .success(let value):
                        if seen.values.last.map({ $0 != value }) ?? true { seen.values.append(value) }
                    case .failure(let error):
                        seen.failure = seen.failure ?? "\(error)"
                    }
                    seen.stopped = seen.stopping
                    return seen.stopping
                }
                if stopping { return }
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
    }

    /// A test that failed half-way leaves no thread reading.
    deinit { shared.seen.withLock { $0.stopping = true } }

    /// Stops reading and returns what was read.
    func stop() async throws -> Seen {
        shared.seen.withLock { $0.stopping = true }
        return try await poll("the setting watch to stop") { shared.seen.withLock { $0.stopped ? $0 : nil } }
    }
}
