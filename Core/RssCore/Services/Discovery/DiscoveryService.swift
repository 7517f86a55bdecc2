import FeedParser
import Foundation
import ReduxVM

/// Finds the feeds behind an address a user gave and follows the one chosen (see ``DiscoverFeeds``).
///
/// Its dependencies are injected: the fetcher (in a reader, the one refreshes use, so discovery is as polite as
/// they are, with the hand-off that spares an added feed a second fetch), the parser that tells a feed from a
/// page, and the wall clock that dates results.
final class DiscoveryService: Service {
    typealias State = RssState

    let finder: FeedFinder
    let now: @Sendable () -> Date

    /// A service fetching through `fetcher`, which keeps the feeds it finds by fetching them for the fetch of
    /// the add that follows.
    init(
        fetcher: FetchHandOff, parser: FeedParser = FeedParser(), now: @escaping @Sendable () -> Date,
        maximumBodyBytes: Int = HTTPFetchConfiguration().maximumBytes
    ) {
        self.finder = FeedFinder(fetcher: fetcher, parser: parser, maximumBodyBytes: maximumBodyBytes)
        self.now = now
    }

    var sideEffects: [any SideEffect<DiscoveryService>] {
        [DiscoverFeedsSE(), FollowDiscoveredFeedSE(), CancelDiscoverySE()]
    }
}

/// Names a discovery's task, so that a cancel stops it.
struct DiscoveryTaskID: Hashable, Sendable {
    let discovery: UUID
}

/// DiscoverFeeds (accepted) → fetch the address, read its page, try the usual addresses → FeedsDiscovered.
struct DiscoverFeedsSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let id = box.lastAction(as: DiscoverFeeds.self)?.id else { return false }
        return box.state.discoveries[id: id]?.isSearching == true && box.oldState.discoveries[id: id] == nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: DiscoveryService) {
        guard let id = box.lastAction(as: DiscoverFeeds.self)?.id, let discovery = box.state.discoveries[id: id]
        else { return }
        trunk.run(id: DiscoveryTaskID(discovery: id)) { trunk in
            guard let outcome = await service.finder.feeds(at: discovery.page, policy: discovery.policy) else { return }
            switch outcome {
            case .feeds(let feeds):
                trunk.dispatch(FeedsDiscovered(id: id, feeds: feeds, failure: nil, date: service.now()))
            case .none(let failure):
                trunk.dispatch(FeedsDiscovered(id: id, feeds: [], failure: failure, date: service.now()))
            }
        }
    }
}

/// FeedsDiscovered (one feed, the first wanted, or the address as given) / AddDiscoveredFeed (a feed it has)
/// → AddSource.
struct FollowDiscoveredFeedSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        follow(box) != nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: DiscoveryService) {
        if let add = follow(box) { trunk.dispatch(add) }
    }

    /// The source to add after this action, if any.
    private func follow(_ box: StateBox<RssState>) -> AddSource? {
        if let found = box.lastAction(as: FeedsDiscovered.self) {
            guard let discovery = box.state.discoveries[id: found.id], let url = discovery.followedByItself,
                box.oldState.discoveries[id: found.id]?.isSearching == true
            else { return nil }
            return AddSource(
                url: url, tags: discovery.tags, id: discovery.id, date: found.date, policy: discovery.policy,
                ticket: discovery.ticket)
        }
        if let add = box.lastAction(as: AddDiscoveredFeed.self), let (discovery, feed) = add.pick(in: box.state) {
            return AddSource(url: feed.url, tags: discovery.tags, id: add.id, date: add.date, policy: discovery.policy)
        }
        return nil
    }
}

/// CancelDiscovery (searches under way) → cancel their fetches; they report nothing.
struct CancelDiscoverySE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: CancelDiscovery.self) && !cancelled(box).isEmpty
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: DiscoveryService) {
        for id in cancelled(box) { trunk.cancel(id: DiscoveryTaskID(discovery: id)) }
    }

    /// The searches the action stopped.
    private func cancelled(_ box: StateBox<RssState>) -> [UUID] {
        box.oldState.discoveries.filter(\.isSearching).map(\.id).filter { box.state.discoveries[id: $0] == nil }
    }
}
