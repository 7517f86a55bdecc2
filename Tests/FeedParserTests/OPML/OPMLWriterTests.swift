import FeedParser
import Foundation
import Testing

@Suite("OPML writer")
struct OPMLWriterTests {
    @Test func writesOPML20WithNestedFolders() throws {
        let subscriptions = [
            OPMLSubscription(title: "A & B", xmlURL: "https://a.example/feed?x=1&y=2", htmlURL: "https://a.example/"),
            OPMLSubscription(title: "C", xmlURL: "https://c.example/rss", folderPath: ["Tech", "Swift"]),
            OPMLSubscription(title: "D \"quoted\"", xmlURL: "https://d.example/atom", folderPath: ["Tech"],
                             categories: ["x"]),
        ]
        let data = OPMLWriter().write(title: "Mine", subscriptions: subscriptions,
                                      dateCreated: Date(timeIntervalSince1970: 0))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<opml version=\"2.0\">"))
        #expect(text.contains("<dateCreated>Thu, 01 Jan 1970 00:00:00 GMT</dateCreated>"))
        #expect(text.contains("xmlUrl=\"https://a.example/feed?x=1&amp;y=2\""))
        let back = try OPMLReader().read(data)
        #expect(back.title == "Mine")
        #expect(back.subscriptions == subscriptions)
        #expect(back.warnings.isEmpty)
    }

    @Test func roundTripsTheCorpus() throws {
        for file in ["netnewswire/Subs.opml", "newsboat/example.opml", "opml-go/feedreader/newsblur.opml"] {
            let original = try OPMLReader().read(Fixtures.data("opml/" + file))
            let again = try OPMLReader().read(OPMLWriter().write(original))
            #expect(again.subscriptions == original.subscriptions, "\(file)")
        }
    }
}
