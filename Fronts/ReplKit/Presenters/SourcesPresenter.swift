import Foundation
import FrontKit
import ReduxVM
import RssCore

/// The source table: one row per source, numbered in display order.
struct SourcesProps: Equatable, Sendable {
    struct Row: Equatable, Sendable {
        let number: Int
        let id: UUID
        let title: String
        let url: String
        let isEnabled: Bool
        let unread: Int
        let status: String
        let tags: String
        let schedule: ScheduleSummary
    }

    let rows: [Row]
}

/// Maps sources, their fetch status and unread counts to the table.
struct SourcesPresenter: Presenter {
    /// Sources and their unread counts, and their schedules: a list change, a notice or refresh progress alone
    /// is skipped unread.
    func reaction(for box: StateBox<RssState>) -> Reaction {
        if Self.scheduleChanged(box) { return .props }
        guard box.lastAction(is: (any SourcesTag).self) || box.lastAction(is: (any MarksTag).self)
        else { return .none }
        return box.isNew(keyPath: \.sources) || box.isNew(keyPath: \.counts.unreadBySource) ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> SourcesProps? {
        let state = box.state
        return SourcesProps(
            rows: state.sources.all.enumerated().map { index, source in
                .init(
                    number: index + 1, id: source.id, title: UserMessage.line(source.title),
                    url: UserMessage.line(FeedAddress.display(source.url)), isEnabled: source.isEnabled,
                    unread: state.counts.unread(in: source.id), status: Self.status(source.status),
                    tags: UserMessage.line(source.tags.joined(separator: ",")),
                    schedule: ScheduleSummary(source, in: state))
            })
    }

    static func status(_ status: FetchStatus) -> String {
        if let error = status.lastError { return "FAIL (\(ProblemText.fetch(error)))" }
        return status.lastSuccess == nil ? "new" : "OK"
    }
}
