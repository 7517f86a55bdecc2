public import Foundation

/// A failure RssCore reports, as a value: what failed, on which source, file or article, and why.
///
/// Problems reach a front in two ways: thrown by the calls that can fail at once (``RssStore/make(_:)``, the
/// query API), and posted as ``Notice``s in ``RssState/notices`` by the work the actions start. RssCore never
/// words them: a front switches over the cases and says them its own way (the fronts of this package share one
/// wording, `ProblemText` in `FrontKit`), so the same failure reads the same in every front and can be told
/// apart by code, never by matching text.
///
/// ```swift
/// do {
///     store = try RssStore.make(RssConfiguration(database: .file(url)))
/// } catch {
///     switch error {  // an RssProblem: `make` says so with `throws(RssProblem)`
///     case .database(let problem) where problem.failure == .readOnly: openACopy(of: url)
///     default: show(ProblemText.message(error, sources: SourcesState()))
///     }
/// }
/// ```
public enum RssProblem: Error, Sendable, Equatable, Codable {
    /// The database could not be opened, read or written.
    case database(DatabaseProblem)
    /// A source could not be fetched, or what it sent could not be read as a feed.
    case fetch(source: UUID, FetchError)
    /// A feed address was refused before anything was fetched; the address is shown without credentials.
    case badAddress(String, AddressRefusal)
    /// The feed at this address is already followed, by `source`.
    case alreadyFollowing(URL, source: UUID)
    /// An action named a source that is not (or no longer) followed.
    case unknownSource(UUID)
    /// An OPML file could not be imported.
    case importFailed(file: String, FileProblem)
    /// An OPML file could not be written.
    case exportFailed(file: String, FileProblem)
    /// The article is no longer stored (retention, or the removal of its source, took it).
    case articleGone(UUID)
    /// A setting's new value is outside the range it allows; nothing was changed.
    case settingOutOfRange(SettingChange, allowed: ClosedRange<Int>)
    /// No feed was found at this address (shown without credentials): it was read, but it is no feed, declares
    /// none, and none of its site's usual feed addresses holds one.
    case noFeedFound(page: String)
    /// No feed was found at this address (shown without credentials), and nothing was followed: the address
    /// could not be fetched, or what it holds is no feed and declares none (``FetchError/parse(_:)`` with
    /// ``/FeedParser/FeedParseError/htmlPage`` for a web page). A search told to follow only a feed it found
    /// (``DiscoverFeeds/Choice/firstFound``) says so.
    case noFeed(page: String, FetchError)
    /// A feed was picked from a discovery by a number it does not have (or no discovery has found feeds).
    case noDiscoveredFeed(number: Int)
    /// An action named a rule that does not exist (names are compared with case ignored).
    case unknownRule(String)
    /// An action named a saved query that does not exist (names are compared with case ignored).
    case unknownQuery(String)
    /// The full text of an article someone asked for (``FetchFullText``) could not be had from its page.
    case fullText(article: UUID, FullTextProblem)
}
