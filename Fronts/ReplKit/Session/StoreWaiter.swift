import Foundation
import LineEditor
import ReduxVM
import RssCore

/// Makes command output follow the store: a command's results are printed only once the store has processed
/// what the command dispatched (and, when it matters, what the side effects reported back), and the props this
/// produced have been rendered on the terminal's thread.
///
/// Commands run synchronously on the terminal's thread, between two reads of the line editor; the store's API
/// is async. Every wait here goes through the editor's one bridge, ``/LineEditor/LineEditor/wait(for:)``, which
/// keeps rendering while the thread waits, so the editor must be open.
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
        editor.wait { await store.checkForChanges() }
        editor.runPending()
    }

    /// Ends the store's use of the database (RssCore's `closeDatabase()`); the problem, if it failed.
    func closeDatabase() -> RssProblem? {
        let store = self.store
        return editor.wait { () async -> RssProblem? in
            do throws(RssProblem) {
                try await store.closeDatabase()
                return nil
            } catch {
                return error
            }
        }
    }

    /// The article `id` with its text, read with RssCore's query API (neither opened nor marked read); nil when
    /// it is no longer stored.
    func article(_ id: UUID) -> Result<ArticleSnapshot?, RssProblem> {
        let store = self.store
        return editor.wait { () async -> Result<ArticleSnapshot?, RssProblem> in
            do throws(RssProblem) {
                return .success(try await store.article(id: id))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The first `limit` articles `query` selects and how many it selects in all, read with RssCore's query
    /// API (nothing is marked).
    func articles(_ query: ArticleQuery, limit: Int) -> Result<(articles: [ArticleSnapshot], total: Int), RssProblem> {
        let store = self.store
        return editor.wait { () async -> Result<(articles: [ArticleSnapshot], total: Int), RssProblem> in
            do throws(RssProblem) {
                var first = query
                first.limit = limit
                let articles = try await store.articles(first)
                let total = try await store.articleCount(query)
                return .success((articles, total))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Waits until everything dispatched so far is processed, then renders what it produced.
    func processed() {
        let store = self.store
        editor.wait { await store.processed() }
        editor.runPending()
    }

    /// Waits until `done` holds for the state (or, scripted, until the store is idle), rendering meanwhile so
    /// progress shows. Returns false when Ctrl-C ended the wait.
    ///
    /// The terminal's thread sleeps in the line editor until a request wakes it: a view's rendering, a noted
    /// signal, or the empty job a ``WakeOnChange`` posts on every new state, so `done` is asked again exactly
    /// when the state may have changed.
    @discardableResult
    func until(_ done: (RssState) -> Bool) -> Bool {
        processed()
        if waitsForIdle {
            let store = self.store
            editor.wait { await store.idle() }
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
}
