import ReduxVM
import RssCore

/// A refresh's progress.
struct RefreshProps: Equatable, Sendable {
    let isRunning: Bool
    let completed: Int
    let total: Int
    let newArticles: Int
}

/// Maps the refresh state to progress.
struct RefreshPresenter: Presenter {
    func reaction(for box: StateBox<RssState>) -> Reaction {
        guard box.lastAction(is: (any RefreshTag).self) else { return .none }
        return box.isNew(keyPath: \.refresh) ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> RefreshProps? {
        let refresh = box.state.refresh
        return RefreshProps(
            isRunning: refresh.isRunning, completed: refresh.completed, total: refresh.total,
            newArticles: refresh.newArticles)
    }
}
