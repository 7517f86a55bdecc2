import Foundation
import FrontKit
import ReduxVM
import RssCore

extension ReportSession {
    /// Finds the feeds behind this run's web addresses not followed yet, all at once (within the fetcher's
    /// limits), following the first feed of each, else the address as given (`--url` given a web page;
    /// ``FetchMonitor`` says which feed on standard error). Returns each address's feed, when one was found.
    func discoverFeeds() async -> [URL: URL] {
        let followed = Set(store.state.sources.all.map(\.url))
        var searches: [UUID: URL] = [:]
        for page in Set(options.urls) where !page.isFileURL && !followed.contains(page) {
            let id = UUID()
            searches[id] = page
            store.dispatch(DiscoverFeeds(url: page, choice: .first, id: id, date: options.now))
        }
        guard !searches.isEmpty else { return [:] }
        await store.idle()
        var feeds: [URL: URL] = [:]
        for discovery in store.state.discoveries {
            if let page = searches[discovery.id], let feed = discovery.feeds.first { feeds[page] = feed.url }
        }
        return feeds
    }

    /// The lines saying which feed each `--url` page led to, for the searches `box`'s action finished (none for
    /// an address that is itself a feed): `rss-report: PAGE declares 2 feeds; following the first, URL (Title)`.
    static func followedLines(_ box: StateBox<RssState>) -> [String] {
        let searching = Set(box.oldState.discoveries.filter(\.isSearching).map(\.id))
        return box.state.discoveries.filter { searching.contains($0.id) }.compactMap { discovery in
            guard let feed = discovery.feeds.first, feed.origin != .address else { return nil }
            let address = Text.line(FeedAddress.display(feed.url))
            let title = feed.title.map { " (\(Text.line($0)))" } ?? ""
            let page = Text.line(FeedAddress.display(discovery.page))
            return discovery.feeds.count > 1
                ? "rss-report: \(page) declares \(discovery.feeds.count) feeds; following the first, \(address)\(title)"
                : "rss-report: following the feed \(address)\(title) found at \(page)"
        }
    }
}
