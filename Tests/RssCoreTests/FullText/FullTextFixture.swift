import Foundation
import HTTPTypes
import Hummingbird
import ReduxVM
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Pages, feeds and a site on a loopback server for the full-text tests: article pages written for them
/// (navigation, an article of a few paragraphs, a footer), each with a word found nowhere else.
enum FullTextFixture {
    static let date = Date(timeIntervalSince1970: 1_750_000_000)

    /// An article's page: `word` in its text only; metadata when given.
    static func page(
        _ title: String, word: String, author: String? = nil, published: String? = nil, image: String? = nil
    ) -> String {
        var head = "<title>\(title) - The Test Gazette</title>"
        if let author { head += "<meta name=\"author\" content=\"\(author)\">" }
        if let published { head += "<meta property=\"article:published_time\" content=\"\(published)\">" }
        if let image { head += "<meta property=\"og:image\" content=\"\(image)\">" }
        let paragraphs = (1...5).map { index in
            """
            <p>Paragraph \(index) of the article tells, at some length and with care, how the committee met on a \
            wet Tuesday, argued about the budget, the bridge, and the library, and agreed, in the end, on \
            very little; \(index == 3 ? word : "nothing") was said about it in \
            \(index == 2 ? "<a href=\"related.html\">the minutes</a>" : "the minutes"), which ran long.</p>
            """
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\(head)</head><body>
            <nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/about">About</a></li></ul></nav>
            <article><h1>\(title)</h1>\(paragraphs)</article>
            <footer><p>© The Test Gazette</p></footer></body></html>
            """
    }

    /// An RSS feed of `items`: id, title, link, summary (a teaser by default), and optionally content.
    static func feed(_ items: [(id: String, link: String, summary: String, content: String?)]) -> String {
        let body = items.map { item in
            "<item><guid>\(item.id)</guid><title>Story \(item.id)</title><link>\(item.link)</link>"
                + "<description><![CDATA[\(item.summary)]]></description>"
                + (item.content.map { "<content:encoded><![CDATA[\($0)]]></content:encoded>" } ?? "") + "</item>"
        }.joined()
        return """
            <?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">\
            <channel><title>Gazette</title>\(body)</channel></rss>
            """
    }

    /// A teaser, as feeds that carry summaries only give.
    static let teaser = "The committee met on Tuesday. Read more…"

    /// The words of a whole article, `count` of them.
    static func words(_ count: Int) -> String {
        "<p>" + (0..<count).map { "word\($0 % 97)" }.joined(separator: " ") + ".</p>"
    }

    /// An HTML answer, with `headers`.
    static func html(_ text: String, _ headers: HTTPFields = [:]) -> Response {
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = "text/html; charset=utf-8" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A wall clock a test moves by hand.
    final class Clock: Sendable {
        private let current = Mutex(FullTextFixture.date)
        var now: Date { current.withLock { $0 } }
        func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
        var function: @Sendable () -> Date { { self.now } }
    }

    /// A database with one source (under `policy`) holding one article per item of `feed`; the source's id.
    static func database(
        _ items: [FetchedItem], policy: AddressPolicy = .unrestricted
    ) throws -> (FeedDatabase, UUID) {
        let database = try FeedDatabase.inMemory()
        let source = StoredSource(url: "https://gazette.example/feed.xml", title: "Gazette", addedAt: date, addressPolicy: policy)
        try database.saveSource(source)
        try database.mergeFetchedItems(items, sourceID: source.id, now: date)
        return (database, source.id)
    }

    /// The id of the article with stable id `stableID`.
    static func article(_ stableID: String, in database: FeedDatabase) throws -> UUID {
        try database.articles(ArticleQuery()).first { $0.itemID == stableID }!.id
    }

    /// An item linking to `link`, with a teaser and no author, date or title of its own when asked.
    static func item(
        _ id: String, link: String, summary: String = teaser, content: String? = nil, author: String? = nil,
        dated: Bool = true, titled: Bool = true
    ) -> FetchedItem {
        var item = FetchedItem(
            stableID: id,
            title: titled
                ? "Story \(id)" : FetchedItem.fallbackTitle(summary: summary, contentHTML: content, link: link),
            link: link, author: author,
            publishedAt: dated ? date.addingTimeInterval(-3600) : nil, summary: summary, contentHTML: content)
        item.titleIsFallback = !titled
        return item
    }

    /// Fetches the page of the article `id` as `mode` asks, with `service`; the outcome.
    static func fetch(
        _ id: UUID, with service: FullTextService, mode: FetchFullText.Mode = .asked,
        policy: AddressPolicy = .unrestricted
    ) async throws -> FullTextOutcome {
        let target = try #require(try service.database.fullTextTargets(ids: [id]).first)
        return await service.page(of: target, for: FetchFullText(articles: [id], mode: mode, policy: policy))
    }
}
