import Foundation
import RssCore

/// The parameters of a stream read (`n`, `c`, `xt`, `it`, `ot`, `nt`, `r`), checked and turned into an
/// ``RssCore/ArticleQuery``.
struct StreamRequest {
    let stream: StreamID
    let query: ArticleQuery?

    /// Reads `parameters` for `stream`; throws 400 for a value out of range or a target not supported.
    /// `largestPage` caps `n` (``RequestLimits/pageSize``; more for the Atom form, which newsboat reads
    /// without following continuations).
    init(
        stream: StreamID, parameters: FormParameters, library: ServeLibrary, includesBody: Bool,
        largestPage: Int = RequestLimits.pageSize
    ) throws {
        self.stream = stream
        var query = ArticleQuery(includesBody: includesBody)
        let count = try parameters["n"].map { try Self.integer($0, "n") } ?? 20
        query.limit = min(max(count, 1), largestPage)
        if parameters["r"] == "o" { query.order = .oldestFirst }
        if let continuation = parameters["c"], !continuation.isEmpty {
            query.after = try Continuation.position(continuation)
        }
        if let oldest = parameters["ot"] { query.since = Date(timeIntervalSince1970: Double(try Self.integer(oldest, "ot"))) }
        if let newest = parameters["nt"] { query.before = Date(timeIntervalSince1970: Double(try Self.integer(newest, "nt"))) }
        for target in parameters.all("xt") {
            switch StreamID(target) {
            case .read: query.isRead = false
            case .unread: query.isRead = true
            case .starred: query.isStarred = false
            default: throw APIError.badRequest("xt: only the read, kept-unread and starred states are supported")
            }
        }
        for target in parameters.all("it") {
            switch StreamID(target) {
            case .read: query.isRead = true
            case .unread: query.isRead = false
            case .starred: query.isStarred = true
            case .label(let name): query.tags = [name]
            case .readingList: break
            default: throw APIError.badRequest("it: not a state or label this server supports")
            }
        }
        self.query = stream.narrow(query, in: library)
    }

    /// The stream's articles, and the continuation when a full page came back.
    func page(_ library: ServeLibrary) async throws -> (articles: [ArticleSnapshot], continuation: String?) {
        guard let query else { return ([], nil) }
        let articles = try await library.articles(query)
        let continuation = articles.count == query.limit ? articles.last.flatMap { Continuation.make($0.position) } : nil
        return (articles, continuation)
    }

    /// A whole number from a parameter; 400 otherwise.
    static func integer(_ text: String, _ name: String) throws -> Int {
        guard text.count <= 20, let value = Int(text) else { throw APIError.badRequest("\(name) must be a whole number") }
        return value
    }
}
