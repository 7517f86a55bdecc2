import Foundation
import Synchronization

/// One fetch and one parse of a feed for every library of the process that follows its address: the libraries
/// of a ``LibraryPool`` share one, so that a feed ten accounts follow is asked for once each time it is due, not
/// ten times.
///
/// A refresh asks the hub for the feed, saying since when a fetch made for another library serves it (a shared
/// refresh of the pool: since the refresh began; a scheduled fetch: within the minimum interval; a fetch someone
/// asked for: none made before). The first library to ask fetches, with its validators, and parses; every other
/// that asks meanwhile waits for that fetch, and those that ask later within their window take its result.
/// Each library then stores the result itself, in its own transaction, with its own marks, rules and stories.
///
/// What a fetch answered is told to each library in its own terms: a feed whose version a library stored
/// already (its validators are the ones the answer came with) is "not modified" to it; a 304 to validators
/// another library sent is no answer for a library that has another version, which then fetches on its own.
/// Politeness is counted once for the process: the hub fetches through the pool's stores' shared fetcher, whose
/// limits (8 at a time, 2 per host) are the process's.
final class FeedHub: Sendable {
    /// What names a feed to the hub: its address, and the policy its fetches go under (a feed followed under two
    /// policies is fetched under each).
    struct Key: Hashable, Sendable {
        let url: String
        let policy: AddressPolicy
    }

    /// The validators a fetch was made with.
    struct Validators: Equatable, Sendable {
        let etag: String?
        let lastModified: String?

        var isEmpty: Bool { etag == nil && lastModified == nil }
    }

    private struct Entry {
        /// When the fetch was asked for: a library whose window starts later does not take it.
        let started: Date
        let sent: Validators
        let task: Task<FeedAnswer, Never>
        /// The size of what it parsed, once known.
        var bytes = 0
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let counters = Mutex(Counters())
    /// Results kept at most this long.
    let keptFor: TimeInterval
    /// Parsed feeds kept, in bytes of the bodies they came from: beyond it the oldest are dropped (a library
    /// asking for one later fetches again).
    let maximumBytes: Int

    /// What the hub did, for benchmarks and logs.
    struct Counters: Equatable, Sendable {
        /// Fetches made (requests sent, or files read).
        var fetches = 0
        /// Answers given from another library's fetch.
        var shared = 0
    }

    init(keptFor: TimeInterval = RssConfiguration.defaultMinimumFetchInterval, maximumBytes: Int = 64 << 20) {
        self.keptFor = keptFor
        self.maximumBytes = maximumBytes
    }

    /// How many fetches it made and answers it shared so far.
    var counts: Counters { counters.withLock { $0 } }

    /// The feed `request` asks for, for a library that takes a fetch asked for at or after `since`; `fetch`
    /// fetches and parses it when no such fetch is there (with the validators it is given).
    func answer(
        to request: FetchRequest, reusingSince since: Date, at date: Date,
        fetch: @escaping @Sendable (FetchRequest) async -> FeedAnswer
    ) async -> FeedAnswer {
        let key = Key(url: request.url.absoluteString, policy: request.policy)
        let mine = Validators(etag: request.etag, lastModified: request.lastModified)
        let (entry, isMine) = entries.withLock { table -> (Entry, Bool) in
            prune(&table, at: date)
            if let found = table[key], found.started >= since { return (found, false) }
            let task = Task { await fetch(request) }
            let made = Entry(started: date, sent: mine, task: task)
            table[key] = made
            return (made, true)
        }
        let answer = await entry.task.value
        counters.withLock { isMine ? ($0.fetches += 1) : ($0.shared += 1) }
        if isMine, case .parsed(let feed) = answer { record(bytes: feed.bytes, for: key, started: entry.started) }
        if isMine { return answer }
        switch answer {
        case .parsed(let feed) where !mine.isEmpty && mine == Validators(etag: feed.etag, lastModified: feed.lastModified):
            // This library stored that version already.
            return .notModified(freshFor: feed.freshFor, movedTo: feed.permanentlyMovedTo)
        case .notModified where mine != entry.sent, .cancelled:
            // No answer for this library: a 304 to another version, or a fetch whose asker went away.
            return await fetch(request)
        default:
            return answer
        }
    }

    /// Forgets every result: the pool's refresh is over, and what it fetched is stored.
    func forgetResults() {
        entries.withLock { $0.removeAll() }
    }

    private func record(bytes: Int, for key: Key, started: Date) {
        entries.withLock { table in
            guard table[key]?.started == started else { return }
            table[key]?.bytes = bytes
            var total = table.values.reduce(0) { $0 + $1.bytes }
            guard total > maximumBytes else { return }
            for (oldest, entry) in table.sorted(by: { $0.value.started < $1.value.started }) where total > maximumBytes {
                total -= entry.bytes
                table[oldest] = nil
            }
        }
    }

    private func prune(_ table: inout [Key: Entry], at date: Date) {
        let limit = date.addingTimeInterval(-keptFor)
        table = table.filter { $0.value.started >= limit }
    }
}
