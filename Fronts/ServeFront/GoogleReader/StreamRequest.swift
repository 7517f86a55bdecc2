import Foundation
@_spi(Serve) import RssCore
import ServeCore

/// The parameters of a stream read (`n`, `c`, `xt`, `it`, `ot`, `nt`, `r`), read as FreshRSS reads them and
/// turned into an ``/RssCore/ArticleQuery``.
///
/// - Items come in the order the server stored them, newest first (`r=o`: oldest first), as FreshRSS orders by
///   its entry ids, which are storage times.
/// - `ot` and `nt` (seconds; a fraction is cut) bound the time the server stored the item, so that a sync
///   asking "since my last sync" gets what was stored since, whatever its date says. For a stream of a mark
///   (the read or starred stream, or `it` with one), they bound the time the mark changed instead, so that an
///   article read elsewhere reaches a client asking for what was read lately.
/// - A parameter that is empty or not a number is absent, and an `xt` or `it` this server does not keep is
///   ignored, as in FreshRSS (FeedMe sends `ot=` on every read).
/// - `n` is at most `largestPage`; zero or less asks for that largest page (FreshRSS: no limit).
struct StreamRequest {
    let stream: StreamID
    let query: ArticleQuery?

    /// Reads `parameters` for `stream`. `largestPage` caps `n` (``/ServeCore/RequestLimits/pageSize``; more for the
    /// Atom form, which newsboat reads without following continuations).
    init(
        stream: StreamID, parameters: FormParameters, directory: GoogleReaderDirectory, includesBody: Bool,
        largestPage: Int = RequestLimits.pageSize
    ) {
        self.stream = stream
        var query = ArticleQuery(includesBody: includesBody)
        let count = parameters["n"].flatMap(Self.leadingInteger) ?? 20
        query.limit = count <= 0 ? largestPage : min(count, largestPage)
        query.order = parameters["r"] == "o" ? .lowestNumberFirst : .highestNumberFirst
        if let continuation = parameters["c"], let position = Continuation.position(continuation) {
            query.after = position
        }
        var byMark = stream.isState
        for target in parameters.all("xt") {
            switch StreamID(target) {
            case .read: query.isRead = false
            case .unread: query.isRead = true
            case .starred: query.isStarred = false
            default: continue
            }
        }
        for target in parameters.all("it") {
            switch StreamID(target) {
            case .read:
                query.isRead = true
                byMark = true
            case .unread:
                query.isRead = false
                byMark = true
            case .starred:
                query.isStarred = true
                byMark = true
            case .label(let name): query.tags = [name]
            default: continue
            }
        }
        let oldest = parameters["ot"].flatMap(Self.leadingInteger).flatMap(Self.date)
        // `nt` includes its second, as FreshRSS's `id <= nt`.
        let newest = parameters["nt"].flatMap(Self.leadingInteger).flatMap { Self.date(min($0, Int.max - 1) + 1) }
        if byMark {
            query.changedSince = oldest
            query.changedBefore = newest
        } else {
            query.storedSince = oldest
            query.storedBefore = newest
        }
        self.query = stream.narrow(query, in: directory)
    }

    /// The places of the stream's articles (their numbers), and the continuation when a full page came back.
    func positions(_ library: ServeLibrary) async throws -> (positions: [ArticleSnapshot.Position], continuation: String?) {
        guard let query else { return ([], nil) }
        let positions = try await library.positions(query)
        let continuation = positions.count == query.limit ? positions.last.map(Continuation.make) : nil
        return (positions, continuation)
    }

    /// The stream's articles, and the continuation when a full page came back (never with an empty page:
    /// clients would ask again for ever).
    func page(_ library: ServeLibrary) async throws -> (articles: [ArticleSnapshot], continuation: String?) {
        guard let query else { return ([], nil) }
        let articles = try await library.articles(query)
        let continuation = articles.count == query.limit ? articles.last.map { Continuation.make($0.position) } : nil
        return (articles, continuation)
    }

    /// The whole number a parameter starts with (`1795000000.123` is 1795000000); nil when it does not start
    /// with one.
    static func leadingInteger(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let sign = trimmed.hasPrefix("-") ? "-" : ""
        let digits = trimmed.dropFirst(sign.count).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 18 else { return digits.isEmpty ? nil : (sign.isEmpty ? Int.max : Int.min) }
        return Int(sign + digits)
    }

    /// A time in seconds since 1970, or nil for one before it (no bound).
    static func date(_ seconds: Int) -> Date? {
        seconds > 0 ? Date(timeIntervalSince1970: Double(min(seconds, 253_402_300_799))) : nil
    }
}
