import FeedParser
import Foundation

/// Finds the feeds behind an address (see ``DiscoverFeeds``): the address itself, else the feeds its page
/// declares, else the first of its site's usual feed addresses that holds a feed.
///
/// Every request goes through the injected fetcher (in a reader, the one every refresh uses, so its per-host and
/// global limits, timeouts, size cap and User-Agent hold), one at a time.
struct FeedFinder: Sendable {
    /// Fetches, and keeps a feed found by fetching it for the add's fetch.
    let fetcher: FetchHandOff
    let parser: FeedParser
    /// The largest body decompressed when a server gzips without saying so.
    let maximumBodyBytes: Int

    /// Where feeds usually are on a site, tried in this order when a page declares none.
    static let usualPaths = ["/feed", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json"]

    /// What a search found.
    enum Outcome: Sendable, Equatable {
        /// Feeds, in the order found (never empty).
        case feeds([DiscoveredFeed])
        /// None; what fetching or reading the address itself gave (kept for the add that may follow it as given).
        case none(FetchError)
    }

    /// The feeds found at `page`, fetching only what `policy` allows (and finding only feeds a source under it
    /// may follow), or, when there are none, why the address is no feed; nil when cancelled.
    func feeds(at page: URL, policy: AddressPolicy = .unrestricted) async -> Outcome? {
        let pageResult: Result<FetchedFeed, FetchError>
        let reason: FetchError
        switch await fetch(page, policy: policy) {
        case nil:
            return nil
        case .failure(let error):
            pageResult = .failure(error)
            reason = error
            // Only "not here" makes the site worth asking again; a server that failed, asked to wait or did not
            // answer is left alone.
            guard case .http(let status, _) = error, [404, 410].contains(status) else {
                fetcher.deposit(pageResult, for: page)
                return .none(error)
            }
        case .success(let body):
            pageResult = .success(body)
            switch await feed(in: body, at: page, origin: .address) {
            case .success(let feed): return .feeds([feed])
            case .failure(let error): reason = .parse(Self.isPage(error) ? .htmlPage : error)
            }
            // Something meant as a feed that cannot be read as one (broken XML, an image) is what it is: only a
            // web page says where feeds are.
            guard reason == .parse(.htmlPage) else {
                fetcher.deposit(pageResult, for: page)
                return .none(body.viaPrivateNetwork ? .privateNetwork(reason) : reason)
            }
            let base = (body.permanentlyMovedTo ?? page).absoluteString
            let declared = await ParsingQueue.run {
                FeedLinkScanner.feedLinks(in: body.data, contentType: body.contentType, pageURL: base)
            }.compactMap { DiscoveredFeed(link: $0, policy: policy) }
            if !declared.isEmpty { return .feeds(declared) }
        }
        for candidate in Self.usualAddresses(of: page) {
            switch await fetch(candidate, policy: policy) {
            case nil: return nil
            case .success(let body):
                if case .success(let feed) = await feed(in: body, at: candidate, origin: .usualAddress) {
                    return .feeds([feed])
                }
            case .failure: continue  // not there: the next one may be
            }
        }
        // The address may yet be followed as given: its fetch takes what this one got instead of asking again.
        fetcher.deposit(pageResult, for: page)
        if case .success(let body) = pageResult, body.viaPrivateNetwork { return .none(.privateNetwork(reason)) }
        return .none(reason)
    }

    /// Whether a body the parser refused is a web page: HTML, or XHTML served as XML.
    static func isPage(_ error: FeedParseError) -> Bool {
        switch error {
        case .htmlPage: true
        case .notAFeed(let root, _): root.lowercased() == "html"
        default: false
        }
    }

    /// The usual feed addresses of `page`'s site (http and https only), without `page` itself.
    static func usualAddresses(of page: URL) -> [URL] {
        guard let scheme = page.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var root = URLComponents(url: page, resolvingAgainstBaseURL: false)
        else { return [] }
        root.query = nil
        root.fragment = nil
        return usualPaths.compactMap { path in
            root.path = path
            return root.url
        }.filter { $0 != page }
    }

    /// The body at `url`; nil when cancelled.
    private func fetch(_ url: URL, policy: AddressPolicy) async -> Result<FetchedFeed, FetchError>? {
        do throws(FetchError) {
            switch try await fetcher.fetch(FetchRequest(url: url, policy: policy)) {
            case .notModified: return .success(FetchedFeed(data: Data()))  // never asked for: no validators sent
            case .fetched(let body): return Task.isCancelled ? nil : .success(body)
            }
        } catch {
            return error.isCancellation || Task.isCancelled ? nil : .failure(error)
        }
    }

    /// The feed `body` holds, or why it is none (a page served as HTML is not parsed); a feed's body is kept
    /// for the fetch of the add that follows.
    ///
    /// A body that starts like a feed (``/FeedParser/FeedSniffer``) is one, unparsed: the add parses it (a feed of
    /// 100,000 items takes seconds), and says what is wrong with it if anything is. Any other body is parsed, on
    /// the parsing threads (never the cooperative pool, which fetches share), to be sure.
    private func feed(
        in body: FetchedFeed, at url: URL, origin: DiscoveredFeed.Origin
    ) async -> Result<DiscoveredFeed, FeedParseError> {
        let mediaType = body.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType != "text/html", mediaType != "application/xhtml+xml" else { return .failure(.htmlPage) }
        let address = body.permanentlyMovedTo ?? url
        let parser = self.parser
        let limit = maximumBodyBytes
        let found = await ParsingQueue.run { () -> Result<(DiscoveredFeed.Format, String?), FeedParseError> in
            if let format = FeedSniffer.format(of: body.data, contentType: body.contentType) {
                return .success((DiscoveredFeed.Format(format), nil))
            }
            do throws(FeedParseError) {
                // Gzip nobody labelled is undone; anything else (not gzip, or gzip corrupt or too large) is parsed
                // as it came, and the parse says whether it is a feed.
                let data = (try? UnlabelledGzip.decompress(body.data, limit: limit)) ?? body.data
                let parsed = try parser.parse(data, contentType: body.contentType, url: address)
                let title = parsed.title?.trimmingCharacters(in: .whitespacesAndNewlines)
                return .success((DiscoveredFeed.Format(parsed.format), title?.isEmpty == false ? title : nil))
            } catch {
                return .failure(error)
            }
        }
        return found.map { format, title in
            fetcher.deposit(.success(body), for: address)
            return DiscoveredFeed(url: address, title: title, format: format, origin: origin)
        }
    }
}

extension DiscoveredFeed {
    /// A link the page declares, when its address is one a source under `policy` can follow.
    init?(link: FeedLink, policy: AddressPolicy = .unrestricted) {
        guard let url = URL(string: link.url), case .success(let valid) = SourceURL.validate(url, policy: policy)
        else { return nil }
        self.init(url: valid, title: link.title, format: Format(link.format), origin: .declared)
    }
}

extension DiscoveredFeed.Format {
    /// The format a link's type, or a feed's first bytes, announce.
    init(_ format: FeedLink.Format) {
        switch format {
        case .rss: self = .rss
        case .atom: self = .atom
        case .json: self = .json
        }
    }
}

extension DiscoveredFeed.Format {
    /// The family of a parsed feed's format.
    init(_ format: FeedFormat) {
        switch format {
        case .rss090, .rss09x, .rss10, .rss20, .rssInJSON: self = .rss
        case .atom03, .atom10: self = .atom
        case .jsonFeed10, .jsonFeed11: self = .json
        }
    }
}
