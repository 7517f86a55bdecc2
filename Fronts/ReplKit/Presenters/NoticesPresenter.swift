import FrontKit
import ReduxVM
import RssCore

/// The notices not shown yet, and the command that dismisses them once shown.
struct NoticesProps: Equatable, Sendable {
    struct Line: Equatable, Sendable {
        let id: Int
        let isError: Bool
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
                    id: notice.id, isError: notice.kind == .error,
                    text: NoticeText.line(notice, sources: box.state.sources))
            },
            dismiss: CommandWith(id: "dismiss-notices") { id in trunk.dispatch(DismissNotices(throughID: id)) })
    }
}
