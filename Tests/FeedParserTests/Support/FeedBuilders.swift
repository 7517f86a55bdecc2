import FeedParser
import Foundation

/// Small feeds written inline for unit tests.
enum Feeds {
    static func rss(items: String, channel: String = "<title>T</title>", declaration: String = "") -> Data {
        Data("\(declaration)<rss version=\"2.0\"><channel>\(channel)\(items)</channel></rss>".utf8)
    }

    static func parse(_ text: String, contentType: String? = nil, url: String? = nil) throws -> ParsedFeed {
        try FeedParser().parse(Data(text.utf8), contentType: contentType, url: url.flatMap(URL.init(string:)))
    }
}
