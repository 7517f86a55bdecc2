import Foundation
import RssCore
import ReduxVM
import NIOHTTP1

/// Feeds written to files and followed by a database made with RssCore, the way the other fronts would.
enum TestFeeds {
    /// An RSS file of `count` items, `title-N`, dated a minute apart (newest first), each with a body.
    static func write(_ name: String, items count: Int, in directory: URL, title: String? = nil) throws -> URL {
        let url = directory.appendingPathComponent("\(name).xml")
        try text(name, items: count, title: title).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The RSS document ``write(_:items:in:title:)`` writes, for a loopback server to serve.
    static func text(_ name: String, items count: Int, title: String? = nil) -> String {
        let base = Date(timeIntervalSince1970: 1_760_000_000)
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(title ?? name)</title><link>https://example.org/\(name)/</link>

            """
        for index in 0..<count {
            text += """
                <item><title>\(name)-\(index)</title><link>https://example.org/\(name)/\(index)</link>
                <guid>\(name)-\(index)</guid>
                <pubDate>\(rfc822(base.addingTimeInterval(-60 * Double(index))))</pubDate>
                <description>&lt;p&gt;Body of \(name) number \(index)&lt;/p&gt;</description></item>

                """
        }
        return text + "</channel></rss>\n"
    }

    /// Follows `feeds` (with their tags) in the database at `path` and fetches them, then closes it.
    static func follow(_ feeds: [(URL, [String])], database path: String) async throws {
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
        for (url, tags) in feeds { store.dispatch(AddSource(url: url, tags: tags)) }
        await store.idle()
        try await store.closeDatabase()
    }

    private static func rfc822(_ date: Date) -> String {
        date.formatted(Date.VerbatimFormatStyle(
            format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) +0000",
            locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
    }
}
