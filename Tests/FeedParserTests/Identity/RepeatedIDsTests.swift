@testable import FeedParser
import Foundation
import Testing

/// Rule 4 of ``ItemIdentity``: a publisher id reused for different articles.
@Suite("repeated publisher ids")
struct RepeatedIDsTests {
    /// A podcast whose host gives every episode the same guid.
    static func podcast(_ episodes: [Int]) -> Data {
        Feeds.rss(items: episodes.map { n in
            "<item><guid isPermaLink=\"false\">show-guid</guid><title>Episode \(n)</title>"
                + "<link>https://example.com/\(n)</link><enclosure url=\"https://cdn.example.com/\(n).mp3\"/></item>"
        }.joined())
    }

    /// An item with only what rule 4 reads.
    static func item(link: String, title: String? = nil, summary: String? = nil) -> FeedItem {
        FeedItem(id: "", idKind: .guid, title: title, link: link, summary: summary)
    }

    static func idsByLink(_ feed: ParsedFeed) -> [String: String] {
        Dictionary(uniqueKeysWithValues: feed.items.map { ($0.link ?? "", $0.id) })
    }

    @Test func golden() {
        #expect(ItemIdentity.repeatedID("ep", of: Self.item(link: " https://Example.COM/1", title: "Episode 2"), sharesLink: false)
            == "ep|0469f934057ec9df")
        #expect(ItemIdentity.repeatedID("ep", of: Self.item(link: "https://example.com/1", title: "Episode 2"), sharesLink: true)
            == "ep|8adba6d182759f36")
    }

    @Test func everyItemSharingAnIDWithADifferentLinkIsItsOwnArticle() throws {
        let feed = try FeedParser().parse(Self.podcast([3, 2, 1]))
        #expect(Set(feed.items.map(\.id)).count == 3)
        #expect(feed.items.allSatisfy { $0.id.hasPrefix("show-guid|") && $0.idKind == .guid })
        #expect(feed.items[2].id == ItemIdentity.repeatedID("show-guid", of: Self.item(link: "https://example.com/1", title: "Episode 1"), sharesLink: false))
        #expect(!feed.warnings.contains { $0.reason.contains("id already used") })
        let warning = try #require(feed.warnings.first { $0.rawValue == "show-guid" })
        #expect(warning.field == "item[0].id")
    }

    @Test func idsSurviveANewItemOnTopAndAnyOrder() throws {
        let before = try FeedParser().parse(Self.podcast([3, 2, 1]))
        let after = try FeedParser().parse(Self.podcast([4, 3, 2, 1]))
        let shuffled = try FeedParser().parse(Self.podcast([2, 4, 1, 3]))
        let again = try FeedParser().parse(Self.podcast([3, 2, 1]))
        #expect(before.items.map(\.id) == again.items.map(\.id))
        for (link, id) in Self.idsByLink(before) {
            #expect(Self.idsByLink(after)[link] == id)
            #expect(Self.idsByLink(shuffled)[link] == id)
        }
    }

    @Test func theSameLinkFallsBackToTheTitle() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <entry><id>tag:news,2024:live</id><title>Update 1</title><link href="https://news.example/live"/></entry>
              <entry><id>tag:news,2024:live</id><title>Update 2</title><link href="https://news.example/live"/></entry>
              <entry><id>tag:news,2024:live</id><title>Update 3</title><link href="https://NEWS.example/live"/></entry>
              <entry><id>tag:news,2024:live</id><title>Update 4</title><link href="https://news.example/other"/></entry>
            </feed>
            """)
        #expect(Set(feed.items.map(\.id)).count == 4)
        #expect(feed.items[0].id == ItemIdentity.repeatedID("tag:news,2024:live", of: Self.item(link: "https://news.example/live", title: "Update 1"), sharesLink: true))
        #expect(feed.items[3].id == ItemIdentity.repeatedID("tag:news,2024:live", of: Self.item(link: "https://news.example/other", title: "Update 4"), sharesLink: false))
    }

    @Test func identicalItemsStayDuplicates() throws {
        let item = "<item><guid>g</guid><title>T</title><link>https://x.example/1</link></item>"
        let twice = try FeedParser().parse(Feeds.rss(items: item + item))
        #expect(twice.items.map(\.id) == ["g", "g"])
        #expect(twice.warnings.contains { $0.field == "item[1].id" && $0.reason.contains("id already used") })
        let other = "<item><guid>g</guid><title>U</title><link>https://x.example/2</link></item>"
        let mixed = try FeedParser().parse(Feeds.rss(items: item + other + item))
        #expect(mixed.items[0].id == mixed.items[2].id)
        #expect(mixed.items[0].id != mixed.items[1].id)
        #expect(mixed.items[0].id.hasPrefix("g|"))
        #expect(mixed.warnings.contains { $0.field == "item[2].id" && $0.reason.contains("id already used") })
    }

    @Test func untitledNotesOfOneLinkAreToldApartByTheirText() throws {
        let note = { (text: String) in
            "<item><guid>https://blog.example/day</guid><link>https://blog.example/day</link>"
                + "<description>\(text)</description></item>"
        }
        let feed = try FeedParser().parse(Feeds.rss(items: note("Good  morning") + note("Later on") + note("Good morning")))
        #expect(feed.items[0].id != feed.items[1].id)
        // The same text (whitespace aside) is the same note, listed twice.
        #expect(feed.items[0].id == feed.items[2].id)
        #expect(feed.items[0].id == ItemIdentity.repeatedID(
            "https://blog.example/day", of: Self.item(link: "https://blog.example/day", summary: "Good morning"),
            sharesLink: true))
    }

    @Test func hashIDsAndUniqueIDsAreLeftAlone() throws {
        let feed = try FeedParser().parse(Feeds.rss(items: """
            <item><guid>a</guid><link>https://x.example/1</link></item>
            <item><guid>b</guid><link>https://x.example/1</link></item>
            <item><title>same</title></item><item><title>same</title></item>
            """))
        #expect(feed.items.map(\.id).prefix(2) == ["a", "b"])
        #expect(feed.items[2].id == feed.items[3].id)
        #expect(feed.items[2].idKind == .hash)
    }
}
