import FeedParser
import Foundation
import Testing

/// What a feed says about how often it changes: RSS `<ttl>`, `sy:updatePeriod` and `sy:updateFrequency`,
/// which a reader uses to fetch a feed no more often than it asks.
@Suite("update schedule: ttl and the Syndication module")
struct UpdateScheduleTests {
    static let sy = "xmlns:sy=\"http://purl.org/rss/1.0/modules/syndication/\""

    @Test func rss20TTLIsReadInMinutes() throws {
        let feed = try FeedParser().parse(Feeds.rss(items: "", channel: "<title>T</title><ttl> 60 </ttl>"))
        #expect(feed.ttl == 60)
        #expect(feed.syndicationInterval == nil)
        #expect(feed.warnings.isEmpty)
    }

    @Test("the Syndication module in RSS 2.0, RSS 1.0 and Atom, the period divided by the frequency")
    func syndicationModule() throws {
        let rss = try Feeds.parse("""
            <rss version="2.0" \(Self.sy)><channel><title>T</title>
            <sy:updatePeriod>Hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency></channel></rss>
            """)
        #expect(rss.updatePeriod == .hourly && rss.updateFrequency == 2)
        #expect(rss.syndicationInterval == 1_800)
        let rdf = try Feeds.parse("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" \(Self.sy)>
            <channel rdf:about="https://x.example/"><title>T</title><sy:updatePeriod>weekly</sy:updatePeriod></channel>
            </rdf:RDF>
            """)
        #expect(rdf.format == .rss10)
        #expect(rdf.syndicationInterval == 604_800.0)
        let atom = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" \(Self.sy)><title>T</title>
            <sy:updateFrequency>4</sy:updateFrequency></feed>
            """)
        // A missing period is daily, as the module says.
        #expect(atom.updatePeriod == nil && atom.syndicationInterval == 21_600)
    }

    @Test("a prefix used without its declaration still reads as the Syndication module")
    func undeclaredPrefix() throws {
        let feed = try FeedParser().parse(
            Feeds.rss(items: "", channel: "<title>T</title><sy:updatePeriod>daily</sy:updatePeriod>"))
        #expect(feed.syndicationInterval == 86_400)
    }

    @Test(
        "an unreadable value is a warning and is left out; the rest of the feed is read",
        arguments: [
            ("<ttl>soon</ttl>", "ttl"), ("<ttl>0</ttl>", "ttl"), ("<ttl>-5</ttl>", "ttl"),
            ("<ttl>99999999999999999999999</ttl>", "ttl"), ("<sy:updatePeriod>fortnightly</sy:updatePeriod>", "sy:updatePeriod"),
            ("<sy:updateFrequency>1.5</sy:updateFrequency>", "sy:updateFrequency"),
        ])
    func unreadableValues(element: String, field: String) throws {
        let feed = try FeedParser().parse(
            Feeds.rss(items: "<item><title>Kept</title></item>", channel: "<title>T</title>\(element)"))
        #expect(feed.ttl == nil && feed.updatePeriod == nil && feed.updateFrequency == nil)
        #expect(feed.items.map(\.title) == ["Kept"])
        #expect(feed.warnings.map(\.field) == ["feed.\(field)"])
    }

    @Test func aRealWorldFeedDeclaresAnHourlyUpdate() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/natasha.xml"))
        #expect(feed.updatePeriod == .hourly && feed.updateFrequency == 1)
        #expect(feed.syndicationInterval == 3_600)
    }
}
