import Foundation
import RssCore
import Synchronization

/// Makes a report of articles as their pages are read: each page, already in the report's order (the query's:
/// by date, ties by the article's number), is rendered at once and kept in a ``ReportSpool``; once every page is
/// in, the frame (header, counts, sources) and the articles go to standard output together, so memory holds one
/// page at a time, however many articles share a date, and a run that fails half-way writes nothing.
///
/// Pages come from the query's reading, in the store's database lane: the state is behind a lock.
final class ReportWriter: Sendable {
    private struct State {
        var spool: ReportSpool
        var written = 0
        var unreadIDs: [UUID] = []
        var failure: FileProblem?
    }

    private let state: Mutex<State>
    private let renderer: any ReportRenderer
    private let makeItem: @Sendable (ArticleSnapshot) -> ReportItem
    private let keepsUnreadIDs: Bool

    /// A writer in `renderer`'s format; `makeItem` is the report's view of an article; with `keepsUnreadIDs` it
    /// remembers which articles shown were unread (for `--mark-read`).
    init(
        renderer: any ReportRenderer, spool: sending ReportSpool, keepsUnreadIDs: Bool,
        makeItem: @escaping @Sendable (ArticleSnapshot) -> ReportItem
    ) {
        state = Mutex(State(spool: spool))
        self.renderer = renderer
        self.keepsUnreadIDs = keepsUnreadIDs
        self.makeItem = makeItem
    }

    /// Takes the next page of articles, in the report's order, and renders it; false once the report cannot be
    /// kept (its temporary file failed), so that the reading stops.
    func add(_ page: [ArticleSnapshot]) -> Bool {
        let items = page.map(makeItem)
        return state.withLock { state in
            guard state.failure == nil else { return false }
            write(items, &state)
            return state.failure == nil
        }
    }

    /// The articles of the unread articles shown.
    var unreadIDs: [UUID] { state.withLock { $0.unreadIDs } }

    /// Writes the whole report to standard output: the frame `summary` makes with the number of articles
    /// written, around them (nothing when `summary` gives none). Throws when the report's temporary file
    /// failed at any point.
    func finish(_ summary: (_ articleCount: Int) -> ReportSummary?) throws(FileProblem) {
        let failure: FileProblem? = state.withLock { state in
            guard state.failure == nil else { return state.failure }
            guard let summary = summary(state.written) else { return nil }
            let frame = renderer.frame(summary)
            do throws(FileProblem) {
                StandardStreams.out(frame.head)
                try state.spool.copy(to: FileHandle.standardOutput)
                StandardStreams.out(frame.tail)
            } catch {
                return error
            }
            return nil
        }
        if let failure { throw failure }
    }

    private func write(_ items: [ReportItem], _ state: inout State) {
        guard !items.isEmpty, state.failure == nil else { return }
        do throws(FileProblem) {
            try state.spool.append(renderer.articles(items, after: state.written))
        } catch {
            state.failure = error
            return
        }
        state.written += items.count
        if keepsUnreadIDs { state.unreadIDs += items.lazy.filter { !$0.isRead }.map(\.id) }
    }
}
