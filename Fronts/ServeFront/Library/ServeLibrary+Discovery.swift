import Foundation
import FrontKit
import ReduxVM
import RssCore

extension ServeLibrary {
    /// Follows the feed at `address`, or the first feed a web page there declares (else one at its site's
    /// usual addresses: RssCore's discovery, ``/RssCore/DiscoverFeeds`` told to follow only a feed it found),
    /// filed under `tags`, reaching only what ``policy`` allows; returns once the source is in the state, or
    /// why none was added. Nothing is followed when no feed is found: a client adding an address learns at
    /// once that it holds none.
    func subscribe(_ address: String, tags: [String] = []) async -> Subscription {
        guard address.count <= RequestLimits.textLength, let url = URL(string: address) else {
            return .notFollowed(.badAddress(String(address.prefix(200)), .notAURL))
        }
        let valid: URL
        switch FeedAddress.validated(url, policy: policy) {
        case .failure(let refusal): return .notFollowed(.badAddress(FeedAddress.display(url), refusal))
        case .success(let accepted): valid = accepted
        }
        if let existing = existing(valid) { return .existing(existing) }
        let id = UUID()
        store.dispatch(DiscoverFeeds(url: valid, tags: tags, choice: .firstFound, id: id, policy: policy))
        let state = await StateCondition.wait(on: store) { state in
            state.discoveries.first { $0.id == id }?.isSearching != true
        }
        // A search that never started: the address is followed already (as RssCore keeps it).
        guard let discovery = state.discoveries.first(where: { $0.id == id }) else {
            return existing(valid).map(Subscription.existing) ?? .notFollowed(.badAddress(FeedAddress.display(valid), .notAURL))
        }
        let followed: URL
        switch discovery.phase {
        case .failed(let problem): return .notFollowed(problem)
        case .searching, .followedAsGiven:  // neither ends a search told to follow only a feed it found
            return .notFollowed(.noFeed(page: FeedAddress.display(valid), .cancelled))
        case .found(let feeds): followed = feeds[0].url
        }
        await store.processed()
        if store.state.sources[id] != nil {
            // Its first fetch (of the body discovery already read) gives it its own title, which clients show
            // at once; it ends within the fetch's own limits.
            let fetched = await StateCondition.wait(on: store) { state in
                state.sources[id].map { $0.status.lastAttempt != nil } ?? true
            }
            if let added = fetched.sources[id] { return .added(added) }
        }
        return existing(followed).map(Subscription.existing)
            ?? .notFollowed(.noFeed(page: FeedAddress.display(valid), .cancelled))
    }

    private func existing(_ url: URL) -> Source? {
        sources.first { $0.url == url }
    }

    /// What a subscription request came to.
    enum Subscription: Sendable {
        /// A new source.
        case added(Source)
        /// Already followed.
        case existing(Source)
        /// Nothing was followed: the address is not one a source added through the APIs may follow (a scheme,
        /// or a host the policy refuses: ``/RssCore/RssProblem/badAddress(_:_:)``), or no feed was found there
        /// (``/RssCore/RssProblem/noFeed(page:_:)``: fetching it failed, the policy refused where it leads, or it
        /// holds no feed and declares none).
        case notFollowed(RssProblem)
    }
}

extension ServeLibrary.Subscription {
    /// Why nothing was followed, in the words every front uses (the kind of failure, and never what lies
    /// behind an address the policy refused); nil when a source is followed.
    var problem: String? {
        guard case .notFollowed(let problem) = self else { return nil }
        return ProblemTextForAPI.message(problem)
    }

    /// The source followed, new or not.
    var source: Source? {
        switch self {
        case .added(let source), .existing(let source): source
        case .notFollowed: nil
        }
    }
}

extension ServeLibrary {
    /// The feeds at `address` (the address itself when it is a feed, else those its page declares, else one at
    /// its site's usual addresses), found under ``policy`` and followed by nobody; or why there are none.
    func findFeeds(at address: String) async -> Result<[FoundFeed], RssProblem> {
        guard address.count <= RequestLimits.textLength, let url = URL(string: address) else {
            return .failure(.badAddress(String(address.prefix(200)), .notAURL))
        }
        let valid: URL
        switch FeedAddress.validated(url, policy: policy) {
        case .failure(let refusal): return .failure(.badAddress(FeedAddress.display(url), refusal))
        case .success(let accepted): valid = accepted
        }
        if let followed = sources.first(where: { $0.url == valid }) {
            return .success([FoundFeed(url: followed.url, title: followed.title, format: nil)])
        }
        let id = UUID()
        store.dispatch(DiscoverFeeds(url: valid, choice: .findOnly, id: id, policy: policy))
        let state = await StateCondition.wait(on: store) { state in
            state.discoveries.first { $0.id == id }?.isSearching != true
        }
        switch state.discoveries.first(where: { $0.id == id })?.phase {
        case .found(let feeds): return .success(feeds.map { FoundFeed(url: $0.url, title: $0.title, format: $0.format) })
        case .failed(let problem): return .failure(problem)
        default: return .failure(.noFeed(page: FeedAddress.display(valid), .cancelled))
        }
    }
}

/// A feed discovery found: its address, its title, and its format when known.
struct FoundFeed: Sendable {
    let url: URL
    let title: String?
    let format: DiscoveredFeed.Format?
}
