import Dispatch
import Foundation
import LineEditor
import ReduxVM
import RssCore
import Synchronization

/// Set by Ctrl-C while a command runs (the editor is not reading then); taken by the waiting command.
final class InterruptFlag: Sendable {
    private let raised = Mutex(false)
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets the flag and wakes the terminal's thread if a command is waiting there.
    func raise() {
        raised.withLock { $0 = true }
        waker.withLock { $0 }?()
    }

    /// What `raise()` calls to wake a waiting command (set once the line editor exists).
    func wakeWith(_ wake: @escaping @Sendable () -> Void) {
        waker.withLock { $0 = wake }
    }

    /// Whether Ctrl-C was pressed since the last call; clears it.
    func take() -> Bool {
        raised.withLock { value in
            defer { value = false }
            return value
        }
    }
}

/// Makes command output follow the store: a command's results are printed only once the store has processed
/// what the command dispatched (and, when it matters, what the side effects reported back), and the props this
/// produced have been rendered on the terminal's thread.
struct StoreWaiter {
    let store: Store<RssState>
    let editor: LineEditor
    let interrupts: InterruptFlag
    /// Without a timer the store becomes idle after each command: scripted runs wait for that, which makes
    /// their output deterministic.
    let waitsForIdle: Bool

    /// Brings the state up to what other processes wrote (``RssCore``'s `checkForChanges()`), then renders.
    func catchUp() {
        let store = self.store
        Self.block { await store.checkForChanges() }
        editor.runPending()
    }

    /// Ends the store's use of the database (RssCore's `closeDatabase()`); the problem, if it failed.
    func closeDatabase() -> RssProblem? {
        let store = self.store
        let outcome = Locked<RssProblem?>(nil)
        Self.block {
            do throws(RssProblem) {
                try await store.closeDatabase()
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        return outcome.withLock { $0 }
    }

    /// The article `id` with its text, read with RssCore's query API (neither opened nor marked read); nil when
    /// it is no longer stored.
    func article(_ id: UUID) -> Result<ArticleSnapshot?, RssProblem> {
        let store = self.store
        let outcome = Locked<Result<ArticleSnapshot?, RssProblem>>(.success(nil))
        Self.block {
            do throws(RssProblem) {
                let article = try await store.article(id: id)
                outcome.withLock { $0 = .success(article) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        return outcome.withLock { $0 }
    }

    /// The first `limit` articles `query` selects and how many it selects in all, read with RssCore's query
    /// API (nothing is marked).
    func articles(_ query: ArticleQuery, limit: Int) -> Result<(articles: [ArticleSnapshot], total: Int), RssProblem> {
        let store = self.store
        let outcome = Locked<Result<(articles: [ArticleSnapshot], total: Int), RssProblem>>(.success(([], 0)))
        Self.block {
            do throws(RssProblem) {
                var first = query
                first.limit = limit
                let articles = try await store.articles(first)
                let total = try await store.articleCount(query)
                outcome.withLock { $0 = .success((articles, total)) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        return outcome.withLock { $0 }
    }

    /// Waits until everything dispatched so far is processed, then renders what it produced.
    func processed() {
        let store = self.store
        Self.block { await store.processed() }
        editor.runPending()
    }

    /// Waits until `done` holds for the state (or, scripted, until the store is idle), rendering meanwhile so
    /// progress shows. Returns false when Ctrl-C ended the wait.
    ///
    /// The terminal's thread sleeps in the line editor until a request wakes it: a view's rendering, a noted
    /// signal, or the empty job a subscriber posts on every new state, so `done` is asked again exactly when
    /// the state may have changed.
    @discardableResult
    func until(_ done: (RssState) -> Bool) -> Bool {
        processed()
        if waitsForIdle {
            let store = self.store
            Self.block { await store.idle() }
            processed()
            return true
        }
        let wake = WakeOnChange(remote: editor.remote)
        store.subscribe(wake)
        defer { store.unsubscribe(wake) }
        var interrupted = false
        while !interrupted, !done(store.state) {
            editor.waitForRequests()
            interrupted = interrupts.take()
        }
        processed()
        // Ctrl-C can end the work it interrupts (a read cut short) before the flag is seen: it still cancelled.
        return !(interrupted || interrupts.take())
    }

    /// Runs `work` on the concurrency pool and blocks the terminal's thread until it ends.
    private static func block(_ work: @escaping @Sendable () async -> Void) {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            await work()
            semaphore.signal()
        }
        semaphore.wait()
    }
}

/// Wakes the terminal's thread on every state the store reaches.
final class WakeOnChange: StoreSubscriber {
    let remote: LineEditorRemote

    init(remote: LineEditorRemote) {
        self.remote = remote
    }

    func newState(box: StateBox<RssState>) {
        remote.execute {}
    }
}

extension RssState {
    /// Neither list is being read from the database.
    var listsSettled: Bool { !lists.first.isLoading && !lists.second.isLoading }
}
