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
        /// Whether its new articles get their pages' full text.
        var isFullText = false
    }

    /// A tag's sources: the numbers of their rows and the sum of their unread counts; `tag` is nil for the
    /// sources with no tag.
    struct Group: Equatable, Sendable {
        let tag: String?
        let numbers: [Int]
        let unread: Int
    }

    let rows: [Row]
    /// The rows by tag, each tag once (a source with two tags is in both), then the untagged ones; empty when no
    /// source has a tag.
    var groups: [Group] = []
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
                    schedule: ScheduleSummary(source, in: state), isFullText: source.isFullText)
            },
            groups: Self.groups(state))
    }

    /// The sources by tag, with each tag's unread count summed from the per-source counts in the state.
    static func groups(_ state: RssState) -> [SourcesProps.Group] {
        let sources = state.sources.all
        let tags = state.sources.tags
        guard !tags.isEmpty else { return [] }
        func group(_ tag: String?, _ members: [Int]) -> SourcesProps.Group {
            .init(
                tag: tag.map(UserMessage.line), numbers: members.map { $0 + 1 },
                unread: members.reduce(0) { $0 + state.counts.unread(in: sources[$1].id) })
        }
        var groups = tags.map { tag in group(tag, sources.indices.filter { sources[$0].tags.contains(tag) }) }
        let untagged = sources.indices.filter { sources[$0].tags.isEmpty }
        if !untagged.isEmpty { groups.append(group(nil, untagged)) }
        return groups
    }

    static func status(_ status: FetchStatus) -> String {
        if let error = status.lastError { return "FAIL (\(ProblemText.fetch(error)))" }
        return status.lastSuccess == nil ? "new" : "OK"
    }
}
