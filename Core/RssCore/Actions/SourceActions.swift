public import Foundation
public import ReduxVM

/// Follows a new feed. The URL is checked (http, https or file; http and https alone under a
/// ``AddressPolicy/publicWeb(allowing:)`` policy, whose source keeps it for every fetch); the source is stored and
/// fetched at once, and its title then comes from the feed.
///
/// A refused address posts ``RssProblem/badAddress(_:_:)`` and one already followed
/// ``RssProblem/alreadyFollowing(_:source:)``; nothing is added then. A source whose first fetch fails is
/// kept (with its ``FetchStatus/lastError``), like any source whose server is down for a while: remove it
/// with ``RemoveSource`` if it was a mistake.
public struct AddSource: JournaledAction, SourcesTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.AddSource"
    /// The feed's address.
    let url: URL
    /// Tags (folders) to file it under.
    let tags: [String]
    /// The new source's id, made here so that the reducer stays pure.
    let id: UUID
    /// When it was added.
    let date: Date
    /// What its fetches may reach (optional in journals written before policies: unrestricted).
    let restrictedPolicy: AddressPolicy?
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// What the source's fetches may reach, for as long as it is followed.
    var policy: AddressPolicy { restrictedPolicy ?? .unrestricted }

    /// Adds the feed at `url`, filed under `tags`, its fetches reaching what `policy` allows; under `ticket`, if
    /// given, ``CommandOutcome/sourceAdded(_:)`` once it is stored, or the problem that refused it.
    public init(
        url: URL, tags: [String] = [], id: UUID = UUID(), date: Date = Date(), policy: AddressPolicy = .unrestricted,
        ticket: CommandTicket? = nil
    ) {
        self.url = url
        self.tags = tags
        self.id = id
        self.date = date
        restrictedPolicy = policy == .unrestricted ? nil : policy
        self.ticket = ticket
    }

    /// Appends the source, or posts why the URL was refused.
    public func updateState(_ state: inout RssState) {
        guard let url = state.newFeedAddress(url, at: date, policy: policy, ticket: ticket) else { return }
        state.sources.all.append(
            Source(
                id: id, url: url, title: SourceURL.provisionalTitle(url), tags: TagName.normalized(tags),
                addedAt: date, addressPolicy: policy))
    }
}

extension RssState {
    /// `url` as a source would keep it, when it is accepted under `policy` and not followed yet; otherwise nil,
    /// with a notice saying why (``RssProblem/badAddress(_:_:)``, ``RssProblem/alreadyFollowing(_:source:)``).
    /// The problem ends the command `ticket` names, when there is one.
    mutating func newFeedAddress(_ url: URL, at date: Date, policy: AddressPolicy, ticket: CommandTicket? = nil) -> URL? {
        let problem: RssProblem
        switch SourceURL.validate(url, policy: policy) {
        case .failure(let refusal):
            problem = .badAddress(SourceURL.display(url), refusal)
        case .success(let url):
            guard let existing = sources.all.first(where: { $0.url == url }) else { return url }
            problem = .alreadyFollowing(url, source: existing.id)
        }
        notices.post(problem, at: date)
        outcomes.record(.failed(problem), for: ticket)
        return nil
    }
}

/// Stops following a source and forgets its articles, and the rules for it alone.
public struct RemoveSource: JournaledAction, SourcesTag, ListsTag, MarksTag, RulesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.RemoveSource"
    /// The source to remove.
    let id: UUID

    /// Removes the source `id`.
    public init(id: UUID) {
        self.id = id
    }

    /// Drops the source; lists reload, and the counts follow once its articles are deleted.
    public func updateState(_ state: inout RssState) {
        guard state.sources[id] != nil else { return }
        state.sources.all.removeAll { $0.id == id }
        // The database removes them with the source.
        state.rules.rules.removeAll { $0.scope == .source(id) }
        for list in ListID.allCases where state.lists[list].filter.sourceID == id {
            state.lists[list].filter.sourceID = nil
        }
        state.lists.reloadAll()
    }
}

/// Turns refreshing of a source on or off; its articles stay. A source whose feed is gone (HTTP 410) was
/// turned off by RssCore: turning it on tries it again.
public struct SetSourceEnabled: JournaledAction, SourcesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SetSourceEnabled"
    /// The source.
    let id: UUID
    /// Whether it is refreshed.
    let isEnabled: Bool

    /// Enables or disables the source `id`.
    public init(id: UUID, isEnabled: Bool) {
        self.id = id
        self.isEnabled = isEnabled
    }

    /// Flips the flag; enabling forgets the failures and their back-off (a feed that was gone, or failing
    /// for long, starts afresh on its interval).
    public func updateState(_ state: inout RssState) {
        state.sources.update(id) { source in
            source.isEnabled = isEnabled
            guard isEnabled else { return }
            source.status.consecutiveFailures = 0
            source.status.backingOffUntil = nil
        }
    }
}
