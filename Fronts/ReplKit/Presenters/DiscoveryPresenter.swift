import Foundation
import FrontKit
import ReduxVM
import RssCore

/// The feeds the last `add URL` found, numbered for `add N`.
struct DiscoveryProps: Equatable, Sendable {
    struct Feed: Equatable, Sendable {
        let number: Int
        let title: String
        let format: String
        let url: String
    }

    /// The discovery's id, nil when there is none.
    let id: UUID?
    /// The address it looked at, without credentials.
    let page: String
    let feeds: [Feed]
}

/// Maps the state's discovery to the numbered feeds.
struct DiscoveryPresenter: Presenter {
    func reaction(for box: StateBox<RssState>) -> Reaction {
        guard box.lastAction(is: (any DiscoveryTag).self) else { return .none }
        return box.isNew(keyPath: \.discoveries) ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> DiscoveryProps? {
        guard let discovery = box.state.discovery else { return DiscoveryProps(id: nil, page: "", feeds: []) }
        return DiscoveryProps(
            id: discovery.id, page: UserMessage.line(FeedAddress.display(discovery.page)),
            feeds: discovery.feeds.enumerated().map { index, feed in
                .init(
                    number: index + 1, title: UserMessage.line(feed.title ?? "(untitled)"), format: feed.format.rawValue,
                    url: UserMessage.line(FeedAddress.display(feed.url)))
            })
    }
}
