import Foundation
import Hummingbird
@_spi(Serve) import RssCore
import ServeCore

/// `stream/contents`, `stream/items/ids`, `stream/items/contents` and the Atom form of streams.
struct GoogleReaderStreams: LibraryEndpoint {
    let library: ServeLibrary

    /// A page of a stream with its items' text. The stream is named in the path (raw or percent-encoded, as
    /// FeedMe sends it), else by `s`; with neither it is the reading list (EasyRSS, FeedMe).
    func contents(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let stream = try Self.stream(
            request.uri.path, prefix: GoogleReaderRoutes.apiPrefix + "stream/contents/", parameters: parameters)
        let directory = try await GoogleReaderDirectory.load(library)
        let read = StreamRequest(stream: stream, parameters: parameters, directory: directory, includesBody: true)
        let (articles, continuation) = try await read.page(library)
        return Reply.json(GoogleReaderJSON.stream(
            id: stream.name, articles: articles, directory: directory, continuation: continuation, now: Date()))
    }

    /// A page of a stream's item ids (`s`, required).
    func itemIDs(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        guard let name = parameters["s"], let stream = StreamID(name) else { throw APIError.badRequest("s: not a stream") }
        let directory = try await GoogleReaderDirectory.load(library)
        let read = StreamRequest(stream: stream, parameters: parameters, directory: directory, includesBody: false)
        let (positions, continuation) = try await read.positions(library)
        return Reply.json(GoogleReaderJSON.itemRefs(positions.map(\.number), continuation: continuation))
    }

    /// The items named by `i=` (either form; unknown ones are left out), highest number first (`r=o`: lowest).
    func items(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let numbers = try GoogleReaderRoutes.itemNumbers(parameters)
        let directory = try await GoogleReaderDirectory.load(library)
        var articles = try await library.articles(numbers: numbers, includesBody: true)
        articles.sort { parameters["r"] == "o" ? $0.number < $1.number : $0.number > $1.number }
        return Reply.json(GoogleReaderJSON.stream(
            id: StreamID.readingList.name, articles: articles, directory: directory, continuation: nil, now: Date()))
    }

    /// A stream as an Atom document, as FeedHQ served it for newsboat.
    func atom(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let stream = try Self.stream(request.uri.path, prefix: GoogleReaderRoutes.atomPrefix, parameters: parameters)
        let directory = try await GoogleReaderDirectory.load(library)
        let read = StreamRequest(
            stream: stream, parameters: parameters, directory: directory, includesBody: true,
            largestPage: RequestLimits.atomPageSize)
        let (articles, continuation) = try await read.page(library)
        let document = AtomStream.document(
            stream: stream, title: Self.title(of: stream, in: directory), articles: articles, directory: directory,
            continuation: continuation)
        return Reply.document(document, contentType: "application/atom+xml; charset=utf-8")
    }

    static func title(of stream: StreamID, in directory: GoogleReaderDirectory) -> String {
        switch stream {
        case .feed(let reference): directory.source(feed: reference)?.title ?? reference
        case .label(let name): name
        case .readingList: "Reading list"
        case .starred: "Starred"
        case .read: "Read"
        case .unread: "Unread"
        }
    }

    /// The stream a path names after `prefix` (percent-decoded; slashes may be raw or encoded), else `s`, else
    /// the reading list.
    static func stream(_ path: String, prefix: String, parameters: FormParameters) throws -> StreamID {
        var name = parameters["s"]
        if path.count > prefix.count, path.hasPrefix(prefix) {
            guard let decoded = String(path.dropFirst(prefix.count)).removingPercentEncoding else {
                throw APIError.badRequest("not a stream this server knows")
            }
            name = decoded
        }
        guard let name, !name.isEmpty else { return .readingList }
        guard let stream = StreamID(name) else { throw APIError.badRequest("not a stream this server knows") }
        return stream
    }
}
