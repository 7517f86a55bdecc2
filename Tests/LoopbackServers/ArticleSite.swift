import Foundation

/// A news site for the fronts' end-to-end tests of full text: at `/feed.xml` a feed of teasers whose items
/// link to their pages at `/story/ID`, pages written for the tests (navigation, an article of five
/// paragraphs, a footer), each holding the word `wordID` and nowhere else; story `404` has no page.
public enum ArticleSite {
    /// The stories of the feed, newest first: `1`, `2`, and `404`, whose page is missing.
    public static let stories = ["1", "2", "404"]

    /// Starts the site on a free port of 127.0.0.1.
    public static func start() throws -> LoopbackFeedServer {
        try LoopbackFeedServer { request in
            let host = request.headers["host"] ?? "127.0.0.1"
            if request.path == "/feed.xml" {
                return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(feed(host: host).utf8))
            }
            guard request.path.hasPrefix("/story/"), request.path != "/story/404" else { return .init(status: 404) }
            let id = String(request.path.dropFirst("/story/".count))
            return .init(
                status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
                body: Data(page(title: "Story \(id)", word: "word\(id)").utf8))
        }
    }

    /// The feed, its links on `host`.
    static func feed(host: String) -> String {
        let items = stories.enumerated().map { index, id in
            """
            <item><guid>story-\(id)</guid><title>Story \(id)</title><link>http://\(host)/story/\(id)</link>\
            <pubDate>Mon, 02 Jun 2025 \(10 - index):00:00 +0000</pubDate>\
            <description>The committee met on Tuesday. Read more…</description></item>
            """
        }.joined()
        return """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Gazette</title>\
            <link>http://\(host)/</link>\(items)</channel></rss>
            """
    }

    /// An article's page: `word` in its third paragraph only.
    public static func page(title: String, word: String) -> String {
        let paragraphs = (1...5).map { index in
            """
            <p>Paragraph \(index) of the article tells, at some length and with care, how the committee met on a \
            wet Tuesday, argued about the budget, the bridge, and the library, and agreed, in the end, on very \
            little; \(index == 3 ? word : "nothing") was said about it in the minutes, which ran long.</p>
            """
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>\(title) - The Test Gazette</title>\
            </head><body><nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul></nav>
            <article><h1>\(title)</h1>\(paragraphs)</article><footer><p>© The Test Gazette</p></footer></body></html>
            """
    }
}
