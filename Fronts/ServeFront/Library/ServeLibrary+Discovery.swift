import Foundation
import ReduxVM
import RssCore

extension ServeLibrary {
    /// Follows the feed at `address`, or the first feed a web page there declares (RssCore's discovery:
    /// ``RssCore/DiscoverFeeds``), filed under `tags`; returns once the source is in the state.
    func discover(_ address: String, tags: [String] = []) async -> Subscription {
        guard let url = URL(string: address), address.count <= RequestLimits.textLength else { return .refused }
        if let existing = source(address: url.absoluteString) { return .existing(existing) }
        let id = UUID()
        store.dispatch(DiscoverFeeds(url: url, tags: tags, choice: .ask, id: id))
        let state = await StateCondition.wait(on: store) { state in
            state.discoveries.first { $0.id == id }?.isSearching != true
        }
        // A search that never started: the address was refused, or is followed already (as RssCore keeps it).
        guard let discovery = state.discoveries.first(where: { $0.id == id }) else { return existing(url) ?? .refused }
        let followed: URL
        switch discovery.phase {
        case .searching, .failed: return .noFeed
        case .followedAsGiven: followed = discovery.page
        case .found(let feeds):
            followed = feeds[0].url
            // One feed is followed by RssCore itself; of several, the first, as quickadd means.
            if feeds.count > 1 { store.dispatch(AddDiscoveredFeed(number: 1, of: id, id: id)) }
        }
        await store.processed()
        if let added = store.state.sources[id] { return .added(added) }
        return existing(followed) ?? .refused
    }

    private func existing(_ url: URL) -> Subscription? {
        sources.first { $0.url == url }.map(Subscription.existing)
    }
}
