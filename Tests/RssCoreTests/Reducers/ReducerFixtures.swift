import Foundation
import ReduxVM

@_spi(Benchmarks) @testable import RssCore

/// Builds states for reducer tests: two sources, and both lists showing the same three rows.
enum ReducerFixtures {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let sourceA = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    static let sourceB = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!
    static let articles = (1...3).map { UUID(uuidString: "00000000-0000-0000-0000-00000000010\($0)")! }

    static func state() -> RssState {
        var state = RssState()
        state.sources.all = [
            Source(id: sourceA, url: URL(string: "https://a.example/feed")!, title: "Alpha", addedAt: date),
            Source(id: sourceB, url: URL(string: "https://b.example/feed")!, title: "Beta", addedAt: date),
        ]
        let rows = articles.enumerated().map { index, id in
            ArticleRow(
                id: id, sourceID: index == 2 ? sourceB : sourceA, title: "Article \(index)", link: nil,
                author: nil, date: date, isRead: false, isStarred: false)
        }
        state.lists.first.rows = rows
        state.lists.second.rows = rows
        state.lists.first.totalCount = 3
        state.lists.second.totalCount = 3
        state.counts = ArticleCounts(total: 3, unread: 3, starred: 0, unreadBySource: [sourceA: 2, sourceB: 1])
        state.counts.countsStoriesOnce = state.settings.showsStoriesOnce
        return state
    }

    static func reduce(_ state: RssState, _ actions: any Action<RssState>...) -> RssState {
        reduce(state, actions)
    }

    static func reduce(_ state: RssState, _ actions: [any Action<RssState>]) -> RssState {
        var state = state
        for action in actions { action.updateState(&state) }
        return state
    }
}


