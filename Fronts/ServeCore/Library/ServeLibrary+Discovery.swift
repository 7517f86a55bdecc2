package import Foundation
import FrontKit
import ReduxVM
package import RssCore

extension ServeLibrary {
    /// Follows the feed at `address`, or the first feed a web page there declares (else one at its site's
    /// usual addresses: RssCore's discovery, ``/RssCore/DiscoverFeeds`` told to follow only a feed it found),
    /// filed under `tags`, reaching only what ``policy`` allows; returns once the source is in the state, or
    /// why none was added. Nothing is followed when no feed is found: a client adding an address learns at
    /// once that it holds none.
    package func subscribe(_ address: String, tags: [String] = []) async -> Subscription {
        guard address.count <= RequestLimits.textLength, let url = URL(string: address) else {
            return .notFollowed(.badAddress(String(address.prefix(200)), .notAURL))
        }
        let valid: URL
        switch FeedAddress.validated(url, policy: policy) {
        case .failure(let refusal): return .notFollowed(.badAddress(FeedAddress.display(url), refusal))
        case .success(let accepted): valid = accepted
        }
        if let existing = existing(valid) { return .existing(existing) }
        let ticket = CommandTicket()
        let search = DiscoverFeeds(url: valid, tags: tags, choice: .firstFound, policy: policy, ticket: ticket)
        switch await store.outcome(of: ticket, dispatching: search) {
        case .sourceAdded(let id):
            // Its first fetch (of the body discovery already read) gives it its own title, which clients show
            // at once; it ends within the fetch's own limits.
            let fetched = await StateCondition.wait(on: store) { state in
                state.sources[id].map { $0.status.lastAttempt != nil } ?? true
            }
            if let added = fetched.sources[id] { return .added(added) }
        case .failed(.alreadyFollowing(_, let source)):
            // The feed the page declares is followed already.
            if let known = store.state.sources[source] { return .existing(known) }
        case .failed(let problem):
            return .notFollowed(problem)
        default:
            break
        }
        // Removed before its first fetch ended: nothing is followed now.
        return .notFollowed(.noFeed(page: FeedAddress.display(valid), .cancelled))
    }

    private func existing(_ url: URL) -> Source? {
        sources.first { $0.url == url }
    }

    /// What a subscription request came to.
    package enum Subscription: Sendable {
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
    package var problem: String? {
        guard case .notFollowed(let problem) = self else { return nil }
        return ProblemTextForAPI.message(problem)
    }

    /// Whether the source is new.
    package var isNew: Bool {
        if case .added = self { return true }
        return false
    }

    /// The source followed, new or not.
    package var source: Source? {
        switch self {
        case .added(let source), .existing(let source): source
        case .notFollowed: nil
        }
    }
}

extension ServeLibrary {
    /// The feeds at `address` (the address itself when it is a feed, else those its page declares, else one at
    /// its site's usual addresses), found under ``policy`` and followed by nobody; or why there are none.
    package func findFeeds(at address: String) async -> Result<[FoundFeed], RssProblem> {
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
        let ticket = CommandTicket()
        let search = DiscoverFeeds(url: valid, choice: .findOnly, id: id, policy: policy, ticket: ticket)
        if let problem = await store.outcome(of: ticket, dispatching: search).problem { return .failure(problem) }
        guard case .found(let feeds)? = store.state.discoveries.first(where: { $0.id == id })?.phase else {
            return .failure(.noFeed(page: FeedAddress.display(valid), .cancelled))
        }
        return .success(feeds.map { FoundFeed(url: $0.url, title: $0.title, format: $0.format) })
    }
}

/// A feed discovery found: its address, its title, and its format when known.
package struct FoundFeed: Sendable {
    package let url: URL
    package let title: String?
    package let format: DiscoveredFeed.Format?
}
