public import Foundation

/// Something a front should tell the user: a problem, or news ("12 new in Source").
///
/// A notice is a value, never text: fronts word it (the fronts of this package share one wording in
/// `FrontKit`), so that the same event reads the same everywhere and a program can act on it by case.
public struct Notice: Sendable, Equatable, Identifiable {
    /// What happened.
    public enum Event: Sendable, Equatable {
        /// Something failed; the problem says what, where and why.
        case problem(RssProblem)
        /// A fetch stored new articles of a source.
        case newArticles(source: UUID, count: Int)
        /// A source was not fetched because its server asked not to be asked again before this time.
        case postponed(source: UUID, until: Date)
        /// A feed moved for good: two fetches in a row were redirected permanently (301, 308) to its new
        /// address, which the source now has.
        case moved(source: UUID, from: URL, to: URL)
        /// A feed is gone for good (HTTP 410): the source was disabled; enabling it tries again.
        case gone(source: UUID)
        /// An OPML import added sources (and found others already followed).
        case imported(file: String, added: Int, alreadyFollowed: Int)
        /// An OPML import did not follow these feeds of its document (each with why).
        case importRefused(file: String, feeds: [RefusedFeed])
        /// An OPML export wrote this many sources.
        case exported(file: String, sources: Int)
        /// A rule applied on demand (``ApplyRule``) changed this many articles.
        case ruleApplied(name: String, action: ArticleRule.Action, articles: Int)
    }

    /// How a front should present a notice.
    public enum Kind: String, Sendable, Equatable {
        /// News: something happened.
        case info
        /// Something failed.
        case error
    }

    /// Increasing number, so fronts can tell which notices they have shown.
    public let id: Int
    /// What happened.
    public let event: Event
    /// When it was posted.
    let date: Date

    /// Error for a problem and for feeds an import refused, info for everything else.
    public var kind: Kind {
        switch event {
        case .problem, .importRefused: .error
        default: .info
        }
    }

    /// The problem, when the notice reports one.
    public var problem: RssProblem? {
        if case .problem(let problem) = event { return problem }
        return nil
    }
}

/// Recent notices, oldest first; only the latest ones are kept.
public struct NoticesState: Sendable, Equatable {
    /// The kept notices, oldest first.
    public internal(set) var items: [Notice] = []
    /// The id the next notice gets.
    public internal(set) var nextID = 1

    static var limit: Int { 50 }

    mutating func post(_ event: Notice.Event, at date: Date) {
        items.append(Notice(id: nextID, event: event, date: date))
        nextID += 1
        if items.count > Self.limit { items.removeFirst(items.count - Self.limit) }
    }

    mutating func post(_ problem: RssProblem, at date: Date) {
        post(.problem(problem), at: date)
    }
}
