import ReduxVM
import RssCore

/// The prompt's text: the active list, its filter, the unread count and a background refresh's progress.
struct PromptProps: Equatable, Sendable {
    let text: String
}

/// Maps the lists, counts and refresh progress to the prompt.
struct PromptPresenter: Presenter {
    func reaction(for box: StateBox<RssState>) -> Reaction {
        guard
            box.lastAction(is: (any ListsTag).self) || box.lastAction(is: (any MarksTag).self)
                || box.lastAction(is: (any RefreshTag).self)
        else { return .none }
        return box.isNew(keyPath: \.lists.active) || box.isNew(keyPath: \.counts) || box.isNew(keyPath: \.refresh)
            || box.isNew(keyPath: \.lists.first.filter) || box.isNew(keyPath: \.lists.second.filter)
            ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> PromptProps? {
        let state = box.state
        let list = state.lists[state.lists.active]
        var parts = [state.lists.active == .first ? "1" : "2", list.filter.marks.rawValue]
        parts.append("\(state.counts.unread) unread")
        if state.refresh.isRunning {
            parts.append("refreshing \(state.refresh.completed)/\(state.refresh.total)")
        }
        return PromptProps(text: "[" + parts.joined(separator: " · ") + "] rss> ")
    }
}
