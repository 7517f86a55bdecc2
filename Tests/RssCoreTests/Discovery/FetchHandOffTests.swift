import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// What discovery fetched serves the next fetch of the same address once, while fresh, body or failure alike;
/// everything else goes to the network.
@Suite("Fetch hand-off")
struct FetchHandOffTests {
    static let url = URL(string: "https://feeds.example/rss")!
    static let other = URL(string: "https://feeds.example/other")!

    @Test("a deposit serves the next fetch of its address once, without a redirect to that address; others go on")
    func servesOnce() async throws {
        let base = FakeFetcher([Self.url: .success(.notModified()), Self.other: .success(.notModified())])
        let handOff = FetchHandOff(base, now: { ActivityFixtures.date })
        let body = FetchedFeed(data: Data("<rss/>".utf8), etag: "\"e\"", permanentlyMovedTo: Self.url)
        handOff.deposit(.success(body), for: Self.url)
        #expect(try await handOff.fetch(FetchRequest(url: Self.other)) == .notModified())
        var expected = body
        expected.permanentlyMovedTo = nil
        #expect(try await handOff.fetch(FetchRequest(url: Self.url)) == .fetched(expected))
        #expect(try await handOff.fetch(FetchRequest(url: Self.url)) == .notModified())
        #expect(base.seen.map(\.url) == [Self.other, Self.url])
    }

    @Test("a deposited failure fails the next fetch the same way, without asking; a redirect elsewhere is kept")
    func failuresAndRedirects() async throws {
        let base = FakeFetcher()
        let handOff = FetchHandOff(base, now: { ActivityFixtures.date })
        let wait = FetchError.http(status: 429, retryAfter: ActivityFixtures.date.addingTimeInterval(600))
        handOff.deposit(.failure(wait), for: Self.url)
        await #expect(throws: wait) { try await handOff.fetch(FetchRequest(url: Self.url)) }
        let moved = FetchedFeed(data: Data(), permanentlyMovedTo: Self.other)
        handOff.deposit(.success(moved), for: Self.url)
        #expect(try await handOff.fetch(FetchRequest(url: Self.url)) == .fetched(moved))
        #expect(base.seen.isEmpty)
    }

    @Test("a deposit left past its lifetime, or pushed out by newer ones, is gone")
    func expiresAndIsBounded() async throws {
        let clock = Locked(ActivityFixtures.date)
        let base = FakeFetcher([Self.url: .success(.notModified())])
        let handOff = FetchHandOff(base, now: { clock.withLock { $0 } })
        handOff.deposit(.success(FetchedFeed(data: Data())), for: Self.url)
        clock.withLock { $0 += handOff.lifetime + 1 }
        #expect(try await handOff.fetch(FetchRequest(url: Self.url)) == .notModified())

        handOff.deposit(.success(FetchedFeed(data: Data())), for: Self.url)
        for index in 0..<handOff.capacity {
            handOff.deposit(.success(FetchedFeed(data: Data())), for: URL(string: "https://feeds.example/\(index)")!)
        }
        #expect(try await handOff.fetch(FetchRequest(url: Self.url)) == .notModified())
        #expect(base.seen.count == 2)
    }
}
