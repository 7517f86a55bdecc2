import Foundation
import ReduxVM
import ReduxVMTesting
import RssResources

@_spi(Benchmarks) @testable import RssCore

/// A fetcher that serves canned bodies by URL and counts requests; what a test needs from the network.
final class FakeFetcher: FeedFetcher {
    private let responses: Locked<[URL: Result<FetchResponse, FetchError>]>
    private let requests = Locked<[FetchRequest]>([])

    init(_ responses: [URL: Result<FetchResponse, FetchError>] = [:]) {
        self.responses = Locked(responses)
    }

    func set(_ url: URL, _ response: Result<FetchResponse, FetchError>) {
        responses.withLock { $0[url] = response }
    }

    var seen: [FetchRequest] { requests.withLock { $0 } }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        requests.withLock { $0.append(request) }
        let response = responses.withLock { $0[request.url] }
        switch response {
        case .success(let value)?: return value
        case .failure(let error)?: throw error
        case nil: throw .http(status: 404)
        }
    }
}

enum ActivityFixtures {
    static let date = Date(timeIntervalSince1970: 1_750_000_000)

    static func sample(_ name: String) -> URL {
        BundledFeeds.samples.first { $0.lastPathComponent == name }!
    }

    static func rss(_ items: [(id: String, title: String)], title: String = "Fake Feed") -> FetchResponse {
        let body = items.map {
            "<item><guid>\($0.id)</guid><title>\($0.title)</title><link>https://fake.example/\($0.id)</link>"
                + "<pubDate>Mon, 02 Jun 2025 10:00:00 +0000</pubDate></item>"
        }.joined()
        let xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>\(body)</channel></rss>"
        return .fetched(FetchedFeed(data: Data(xml.utf8), contentType: "application/rss+xml", etag: "\"v1\""))
    }

    /// A started store on an in-memory database with `fetcher`, waiting until start-up is done.
    static func store(
        fetcher: any FeedFetcher = FileFetcher(), database: FeedDatabase? = nil, clock: any Clock<Duration> = ContinuousClock(),
        periodic: Bool = false
    ) async throws -> Store<RssState> {
        let store = RssStore.make(
            database: try database ?? FeedDatabase(location: .inMemory), fetcher: fetcher, clock: clock,
            now: { date }, refreshesPeriodically: periodic)
        if !periodic { await store.idle() }
        return store
    }
}
