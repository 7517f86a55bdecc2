import FrontKit
import ReduxVM
import RssCore

/// The notices not shown yet, and the command that dismisses them once shown.
struct NoticesProps: Equatable, Sendable {
    struct Line: Equatable, Sendable {
        let id: Int
        let isError: Bool
        /// A fetch failed: a failure of the session only when a command asked for the fetch.
        let isFetchFailure: Bool
        let text: String
    }

    let lines: [Line]
    let dismiss: CommandWith<Int>
}

/// Maps the store's notices to lines to print.
struct NoticesPresenter: Presenter {
    func reaction(for box: StateBox<RssState>) -> Reaction {
        guard box.lastAction(is: (any NoticesTag).self) else { return .none }
        return box.isNew(keyPath: \.notices.items) ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> NoticesProps? {
        NoticesProps(
            lines: box.state.notices.items.map { notice in
                .init(
                    id: notice.id, isError: notice.kind == .error, isFetchFailure: notice.isFetchFailure,
                    text: NoticeText.line(notice, sources: box.state.sources))
            },
            dismiss: CommandWith(id: "dismiss-notices") { id in trunk.dispatch(DismissNotices(throughID: id)) })
    }
}

extension Notice {
    /// Whether the notice reports a failed fetch.
    fileprivate var isFetchFailure: Bool {
        if case .fetch = problem { return true }
        return false
    }
}
