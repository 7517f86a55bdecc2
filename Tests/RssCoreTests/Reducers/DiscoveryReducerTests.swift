import FeedParser
import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Discovery reducers")
struct DiscoveryReducerTests {
    typealias F = ReducerFixtures
    static let page = URL(string: "https://blog.example/")!
    static let feeds = [
        DiscoveredFeed(url: URL(string: "https://blog.example/rss")!, title: "Posts", format: .rss, origin: .declared),
        DiscoveredFeed(url: URL(string: "https://blog.example/atom")!, title: nil, format: .atom, origin: .declared),
    ]

    @Test("DiscoverFeeds starts a search beside the others; a refused or followed address says why instead")
    func start() {
        let id = UUID()
        let state = F.reduce(F.state(), DiscoverFeeds(url: Self.page, tags: ["t"], id: id, date: F.date))
        #expect(state.discoveries == [FeedDiscovery(id: id, page: Self.page, tags: ["t"], choice: .ask, phase: .searching)])
        #expect(state.discovery?.feeds == [])
        #expect(state.notices.items.isEmpty)
        let second = F.reduce(state, DiscoverFeeds(url: Self.page, date: F.date))
        #expect(second.discoveries.count == 2 && second.discoveries.allSatisfy(\.isSearching))

        let refused = F.reduce(state, DiscoverFeeds(url: URL(string: "gopher://x")!, date: F.date))
        #expect(refused.discoveries == state.discoveries)
        #expect(refused.notices.items.map(\.event) == [.problem(.badAddress("gopher://x", .unsupportedScheme("gopher")))])

        let followed = URL(string: "https://a.example/feed")!
        let known = F.reduce(state, DiscoverFeeds(url: followed, date: F.date))
        #expect(known.notices.items.map(\.event) == [.problem(.alreadyFollowing(followed, source: F.sourceA))])
    }

    @Test("only the latest finished searches are kept, and every search under way")
    func bounded() {
        var state = F.state()
        let searching = UUID()
        state = F.reduce(state, DiscoverFeeds(url: Self.page, id: searching, date: F.date))
        for _ in 0..<40 {
            let id = UUID()
            state = F.reduce(
                state, DiscoverFeeds(url: Self.page, id: id, date: F.date),
                FeedsDiscovered(id: id, feeds: Self.feeds, failure: nil, date: F.date))
        }
        #expect(state.discoveries.count == DiscoverFeeds.finishedKept)
        #expect(state.discoveries.first?.id == searching)
    }

    @Test("FeedsDiscovered shows the feeds; a page read with none fails with a notice; a late result is ignored")
    func results() {
        let id = UUID()
        let searching = F.reduce(F.state(), DiscoverFeeds(url: Self.page, id: id, date: F.date))
        let found = F.reduce(searching, FeedsDiscovered(id: id, feeds: Self.feeds, failure: nil, date: F.date))
        #expect(found.discovery?.phase == .found(Self.feeds))
        #expect(found.discovery?.followedByItself == nil)

        let none = F.reduce(searching, FeedsDiscovered(id: id, feeds: [], failure: .parse(.htmlPage), date: F.date))
        let problem = RssProblem.noFeedFound(page: Self.page.absoluteString)
        #expect(none.discovery?.phase == .failed(problem))
        #expect(none.discovery?.followedByItself == nil)
        #expect(none.notices.items.map(\.event) == [.problem(problem)])

        let stale = F.reduce(searching, FeedsDiscovered(id: UUID(), feeds: Self.feeds, failure: nil, date: F.date))
        #expect(stale == searching)
        #expect(F.reduce(found, FeedsDiscovered(id: id, feeds: [], failure: nil, date: F.date)) == found)
    }

    @Test("one feed, the first when told so, or the address as given when it cannot be fetched, is followed")
    func followedByItself() {
        let id = UUID()
        func outcome(_ choice: DiscoverFeeds.Choice, _ feeds: [DiscoveredFeed], _ failure: FetchError?) -> FeedDiscovery? {
            F.reduce(
                F.state(), DiscoverFeeds(url: Self.page, choice: choice, id: id, date: F.date),
                FeedsDiscovered(id: id, feeds: feeds, failure: failure, date: F.date)
            ).discovery
        }
        #expect(outcome(.ask, [Self.feeds[1]], nil)?.followedByItself == Self.feeds[1].url)
        #expect(outcome(.first, Self.feeds, nil)?.followedByItself == Self.feeds[0].url)
        let refused = outcome(.ask, [], .connection(.refused))
        #expect(refused?.phase == .followedAsGiven(.connection(.refused)))
        #expect(refused?.followedByItself == Self.page)
        #expect(outcome(.first, [], .parse(.htmlPage))?.followedByItself == Self.page)
        #expect(outcome(.ask, [], .http(status: 404))?.followedByItself == Self.page)
        // Something meant as a feed but unreadable is followed too, keeping why: only a web page is "no feed".
        #expect(outcome(.ask, [], .parse(.binaryData))?.phase == .followedAsGiven(.parse(.binaryData)))
    }

    @Test("AddDiscoveredFeed refuses a number the discovery lacks; CancelDiscovery forgets searches under way only")
    func pickAndCancel() {
        let id = UUID()
        let found = F.reduce(
            F.state(), DiscoverFeeds(url: Self.page, id: id, date: F.date),
            FeedsDiscovered(id: id, feeds: Self.feeds, failure: nil, date: F.date))
        #expect(AddDiscoveredFeed(number: 2).pick(in: found)?.1 == Self.feeds[1])
        #expect(AddDiscoveredFeed(number: 1, of: id).pick(in: found)?.1 == Self.feeds[0])
        #expect(AddDiscoveredFeed(number: 1, of: UUID()).pick(in: found) == nil)
        #expect(F.reduce(found, AddDiscoveredFeed(number: 2, date: F.date)) == found)
        for number in [0, 3, -1] {
            let refused = F.reduce(found, AddDiscoveredFeed(number: number, date: F.date))
            #expect(refused.notices.items.map(\.event) == [.problem(.noDiscoveredFeed(number: number))])
        }
        #expect(F.reduce(found, CancelDiscovery()) == found)
        let other = UUID()
        let searching = F.reduce(found, DiscoverFeeds(url: Self.page, id: other, date: F.date))
        #expect(F.reduce(searching, CancelDiscovery(id: UUID())) == searching)
        #expect(F.reduce(searching, CancelDiscovery(id: other)).discoveries.map(\.id) == [id])
        #expect(F.reduce(searching, CancelDiscovery()).discoveries.map(\.id) == [id])
    }

    @Test("the usual addresses are at the site's root, without the page's query, never the page itself")
    func usualAddresses() {
        let page = URL(string: "https://user:pw@blog.example:8443/posts/2024/?page=2#top")!
        #expect(FeedFinder.usualAddresses(of: page).map(\.absoluteString) == FeedFinder.usualPaths.map {
            "https://user:pw@blog.example:8443\($0)"
        })
        #expect(FeedFinder.usualAddresses(of: URL(string: "https://blog.example/feed")!).count == 4)
        #expect(FeedFinder.usualAddresses(of: URL(fileURLWithPath: "/tmp/page.html")).isEmpty)
    }
}
