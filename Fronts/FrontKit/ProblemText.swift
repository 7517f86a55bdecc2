#if canImport(Glibc)
    import Glibc
#endif
public import ArticleExtractor
import FeedParser
import Foundation
public import RssCore

/// The one wording of RssCore's problems: every front says a failure with these words, so the same failure
/// reads the same in the REPL, the report and their logs.
///
/// Untrusted text inside a problem (titles, addresses, a server's words) is made safe for a terminal by
/// ``UserMessage``, which every front prints through.
public enum ProblemText {
    /// The one-line message for `problem`; sources are named as in `sources` (by ``SourceName``).
    public static func message(_ problem: RssProblem, sources: SourcesState) -> String {
        switch problem {
        case .database(let problem):
            return database(problem)
        case .fetch(let source, let error):
            return "\(SourceName.of(source, in: sources)): \(fetch(error))"
        case .badAddress(let address, let refusal):
            return "cannot add \(address): \(Self.address(refusal))"
        case .alreadyFollowing(let url, let source):
            let title = sources[source].map { "as “\($0.title)”" } ?? "already"
            return "already following \(FeedAddress.display(url)) \(title)"
        case .unknownSource:
            return "no such source (it was removed meanwhile)"
        case .importFailed(let file, let problem):
            return "cannot import \(file): \(Self.file(problem))"
        case .exportFailed(let file, let problem):
            return "cannot export to \(file): \(Self.file(problem))"
        case .articleGone:
            return "that article is no longer stored"
        case .settingOutOfRange(let change, let allowed):
            return setting(change, allowed: allowed)
        case .noFeedFound(let page):
            return "no feed found at \(page): it is no feed and declares none, nor is there one at its site's usual addresses"
        case .noFeed(let page, .parse(.htmlPage)):
            return "no feed found at \(page): it is a web page that declares none"
        case .noFeed(let page, let error):
            return "no feed found at \(page): \(fetch(error))"
        case .noDiscoveredFeed(let number):
            return "no feed \(number) was found (add URL lists the feeds it finds)"
        case .unknownRule(let name):
            return "no rule is named “\(name)” (rule list shows them)"
        case .unknownQuery(let name):
            return "no saved query is named “\(name)” (query list shows them)"
        case .fullText(_, let problem):
            return "no full text for that article: \(fullText(problem))"
        }
    }

    /// Why an article's page gave no full text: `the page is not HTML (application/pdf)`, `cannot fetch the
    /// page: HTTP 404: not found`, `no article found in the page`.
    public static func fullText(_ problem: FullTextProblem) -> String {
        switch problem {
        case .noLink: "it has no http or https link to fetch"
        case .fetch(let error): "cannot fetch the page: \(fetch(error))"
        case .notHTML(let type): type.isEmpty ? "the page is not HTML" : "the page is not HTML (\(type))"
        case .extraction(let problem): extraction(problem)
        }
    }

    /// Why no article came out of a page (the extractor's ``/ArticleExtractor/ExtractionProblem``).
    public static func extraction(_ problem: ExtractionProblem) -> String {
        switch problem {
        case .empty: "the page is empty"
        case .notText: "the page is not text (binary data: an image, a PDF, an archive …)"
        case .tooLarge(_, let limit): "the page is larger than \(bytes(limit))"
        case .tooManyElements(let limit): "the page has more than \(limit.formatted()) elements"
        case .nestedTooDeeply(let limit): "the page nests elements more than \(limit.formatted()) levels deep"
        case .parserMemoryExceeded(let limit): "parsing the page needed more than \(bytes(limit)) of memory"
        case .timeLimitExceeded(let limit): "extracting the article took longer than \(limit.seconds.formatted()) s"
        case .noContent: "no article found in the page"
        }
    }

    /// A fetch failure with its stage, the way status lines and source tables show it: `HTTP 404: not
    /// found`, `TIMEOUT: could not connect in time`, `PARSE: not a feed (…)`.
    public static func fetch(_ error: FetchError) -> String {
        if case .http(let status, _) = error.failure { return "HTTP \(status): \(fetchReason(error))" }
        return "\(error.stage.rawValue.uppercased()): \(fetchReason(error))"
    }

    /// Why a fetch failed, without its stage.
    public static func fetchReason(_ error: FetchError) -> String {
        switch error {
        case .http(let status, let retryAfter):
            let phrase = HTTPStatusPhrase.phrase(for: status)
            return retryAfter.map { "\(phrase); retry after \($0.formatted(.iso8601))" } ?? phrase
        case .redirect(.tooMany(let limit)): return "more than \(limit) redirects"
        case .redirect(.loop): return "redirect loop"
        case .redirect(.noLocation): return "redirect without a usable Location"
        case .redirect(.unsupportedScheme(let scheme)): return "redirect to a \(scheme) URL, which is not fetched"
        case .timeout(.connecting): return "could not connect in time"
        case .timeout(.waitingForData): return "the server stopped answering"
        case .timeout(.total(let seconds)): return "no complete answer within \(seconds.formatted()) s"
        case .connection(let failure): return connection(failure)
        case .tooLarge(let limit): return "larger than \(bytes(limit))"
        case .file(let problem): return file(problem)
        case .parse(let error): return error.description
        case .unsupportedScheme(let scheme):
            return scheme.isEmpty ? "not a URL that can be fetched" : "\(scheme) URLs cannot be fetched"
        case .addressNotAllowed(let kind):
            return "refused: the host leads to \(addressKind(kind)); this source may reach public addresses only"
        case .cancelled: return "cancelled"
        case .unclassified(_, let message): return message
        case .privateNetwork(let failure):
            return fetchReason(failure) + " (at an address on a private network the source may reach)"
        }
    }

    /// A database problem: what could not be done, and why.
    public static func database(_ problem: DatabaseProblem) -> String {
        "\(operation(problem)): \(databaseFailure(problem.failure))"
    }

    /// Why a file could not be read or written.
    public static func file(_ problem: FileProblem) -> String {
        switch problem {
        case .noSuchFile: "no such file"
        case .noSuchDirectory: "no such directory"
        case .permissionDenied: "permission denied"
        case .isDirectory: "it is a directory"
        case .notRegularFile: "not a regular file"
        case .alreadyExists: "the file already exists"
        case .noSpace: "no space left on the device"
        case .readOnlyFileSystem: "read-only file system"
        case .tooLarge(let limit): "larger than \(bytes(limit))"
        case .notOPML(.feedDocument): "not an OPML subscription list (this is a feed; add it as a source)"
        case .notOPML(let error): "not an OPML subscription list (\(error.reason))"
        case .system(let code): systemError(code)
        }
    }

    /// Why an address is refused.
    public static func address(_ refusal: AddressRefusal) -> String {
        switch refusal {
        case .notAURL: "not a URL (no scheme)"
        case .noHost: "no host"
        case .noPath: "no path"
        case .unsupportedScheme(let scheme): "unsupported scheme \(scheme) (use http, https or file)"
        case .notAllowed(let kind): "\(addressKind(kind)); only public addresses are allowed here"
        case .schemeNotAllowed(let scheme): "\(scheme) addresses are not allowed here (use http or https)"
        }
    }

    /// A feed an import did not follow, and why: `ADDRESS: REASON`, safe for a terminal.
    public static func refusedFeed(_ feed: RefusedFeed) -> String {
        "\(UserMessage.line(feed.address)): \(address(feed.refusal))"
    }

    /// What an address refused under a public-web policy is, as a noun phrase.
    public static func addressKind(_ kind: AddressKind) -> String {
        switch kind {
        case .loopback: "an address of this machine (loopback)"
        case .privateNetwork: "an address on a private network"
        case .linkLocal: "a link-local address"
        case .uniqueLocal: "a unique-local IPv6 address"
        case .unspecified: "the unspecified address (0.0.0.0 or ::)"
        case .multicast: "a multicast or broadcast address"
        case .reserved: "a reserved address, not on the public internet"
        }
    }

    private static func operation(_ problem: DatabaseProblem) -> String {
        switch problem.operation {
        case .open: "cannot open the database \(problem.path)"
        case .upgrade: "cannot upgrade the database \(problem.path)"
        case .loadSources: "cannot read the sources"
        case .loadSettings: "cannot read the settings"
        case .readArticles: "cannot read articles"
        case .readArticle: "cannot read the article"
        case .countArticles: "cannot count articles"
        case .saveMarks: "cannot save the marks"
        case .saveSource: "cannot save the source"
        case .removeSource: "cannot remove the source"
        case .saveSetting: "cannot save the setting"
        case .storeFeed: "cannot store what was fetched"
        case .applyRetention: "cannot remove old articles"
        case .saveRule: "cannot save the rules and queries"
        case .applyRule: "cannot apply the rule"
        case .check: "cannot check the database"
        case .checkpoint: "cannot merge the write-ahead log into \(problem.path)"
        case .backUp: "cannot back up the database to \(problem.path)"
        case .storeFullText: "cannot store the article's full text"
        }
    }

    private static func databaseFailure(_ failure: DatabaseFailure) -> String {
        switch failure {
        case .file(let problem): file(problem)
        case .notADatabase: "the file is not a database"
        case .damaged: "the database is damaged"
        case .readOnly: "the database is read-only"
        case .full: "the disk is full"
        case .newerSchema(let found, let supported):
            "it was written by a newer version of this program (schema \(found), this one knows \(supported))"
        case .busy: "another program kept the database locked"
        case .ioError: "input/output error"
        case .constraint: "it conflicts with what is stored (another program may have made the same change)"
        case .other(_, let message): message
        }
    }

    private static func connection(_ failure: ConnectionFailure) -> String {
        switch failure {
        case .hostNotFound: "host not found"
        case .refused: "connection refused"
        case .unreachable: "network unreachable"
        case .reset: "connection reset by the server"
        case .closedEarly: "the server closed the connection before the response was complete"
        case .tls(let reason): "TLS failed: \(reason)"
        case .malformedResponse: "the server sent a malformed HTTP response"
        case .corruptCompression: "the server sent a corrupt compressed body"
        case .unrequestedEncoding(let encoding): "the server sent a body in \(encoding) encoding, which was not asked for"
        case .system(let code): systemError(code)
        case .other(let text): text
        }
    }

    private static func setting(_ change: SettingChange, allowed: ClosedRange<Int>) -> String {
        switch change {
        case .refreshInterval: "refresh interval must be between \(allowed.lowerBound) seconds and 30 days"
        case .pageSize: "page size must be between \(allowed.lowerBound) and \(allowed.upperBound)"
        case .retentionDays: "retention must keep between \(allowed.lowerBound) and \(allowed.upperBound) days"
        case .retentionPerSource:
            "retention must keep between \(allowed.lowerBound) and \(allowed.upperBound) articles per source"
        case .showsStoriesOnce: "showing each story once is on or off"
        }
    }

    /// The system's words for `errno`, lower-cased like the rest of a message.
    private static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func bytes(_ count: Int) -> String {
        count >= 1024 * 1024 && count % (1024 * 1024) == 0 ? "\(count / (1024 * 1024)) MiB" : "\(count) bytes"
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
