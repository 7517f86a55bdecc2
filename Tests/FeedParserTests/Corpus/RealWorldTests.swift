import FeedParser
import Foundation
import Testing

/// NetNewsWire's parser test feeds (MIT, github.com/Ranchero-Software/NetNewsWire): each parses with the item
/// count given in `realworld/manifest.json`.
@Suite("real-world feeds")
struct RealWorldTests {
    struct Entry: CustomTestStringConvertible, Sendable {
        var file: String
        var items: Int?
        var format: String
        var testDescription: String { file }
    }

    static let entries: [Entry] = {
        guard let data = try? Fixtures.data("realworld/manifest.json"),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.map { Entry(file: $0["file"] as! String, items: $0["items"] as? Int, format: $0["format"] as! String) }
    }()

    @Test func manifestIsComplete() {
        #expect(Self.entries.count == 35)
    }

    @Test(arguments: entries)
    func itemCount(_ entry: Entry) throws {
        let data = try Fixtures.data("realworld/" + entry.file)
        guard let expected = entry.items else {
            // allthis-partial.json is truncated JSON: a clear error, not a crash.
            #expect(throws: FeedParseError.self) { try FeedParser().parse(data) }
            return
        }
        let feed = try FeedParser().parse(data, url: URL(string: "https://example.org/feed"))
        #expect(feed.items.count == expected)
        #expect(feed.title != nil)
        let ids = Set(feed.items.map(\.id))
        let duplicateWarnings = feed.warnings.filter { $0.reason.contains("id already used") }.count
        #expect(ids.count + duplicateWarnings == feed.items.count, "duplicate ids are reported as warnings")
    }

    @Test func daringFireballRSSIsReallyAtom() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/DaringFireball.rss"))
        #expect(feed.format == .atom10)
    }

    @Test func atpEmptyContentEncodedIsIgnored() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/atp.rss"))
        #expect(feed.items.allSatisfy { $0.contentHTML?.isEmpty != true })
        #expect(feed.items.allSatisfy { !$0.enclosures.isEmpty })
    }

    @Test func aktualityItemImageIsNotTheFeedIcon() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/aktuality.rss"))
        let items = feed.items
        #expect(items.allSatisfy { $0.title != nil })
        if let icon = feed.iconURL { #expect(!items.contains { $0.thumbnailURL == icon }) }
    }

    @Test func shopifyNestedTitleDoesNotOverwrite() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/shopify-namespace.rss"))
        let data = try Fixtures.text("realworld/netnewswire/shopify-namespace.rss")
        let item = try #require(feed.items.first)
        let title = try #require(item.title)
        #expect(data.contains("<title>\(title)</title>"))
        #expect(!data.contains("<s:variant>\n<title>\(title)") )
    }

    @Test func oneFootTsunamiFragmentLinksUntouched() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/OneFootTsunami.atom"),
                                          url: URL(string: "https://onefoottsunami.com/feed/atom/"))
        let html = feed.items.compactMap(\.contentHTML).joined()
        #expect(html.contains("href=\"#fn"))
    }

    @Test func qemuRelativeIdKeptVerbatimAndLinksResolved() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/qemu.atom"),
                                          url: URL(string: "https://www.qemu.org/feed.xml"))
        let item = try #require(feed.items.first)
        #expect(item.idKind == .atomID)
        #expect(item.link?.hasPrefix("https://www.qemu.org/") == true)
    }

    @Test func kc0011IsGB18030WithSlashedDates() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/kc0011.rss"))
        #expect(feed.encoding == "gb18030")
        #expect(feed.items.allSatisfy { $0.published != nil })
        #expect(feed.title?.unicodeScalars.contains { $0.value > 0x4E00 } == true)
    }

    @Test func macworldWithoutGuidGetsStableHashes() throws {
        let data = try Fixtures.data("realworld/netnewswire/macworld.rss")
        let first = try FeedParser().parse(data)
        let second = try FeedParser().parse(data)
        #expect(first.items.map(\.id) == second.items.map(\.id))
        #expect(first.items.allSatisfy { $0.idKind == .hash || $0.idKind == .guid })
    }

    @Test func bioRDFUsesRdfAbout() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/bio.rdf"))
        #expect(feed.format == .rss10)
        #expect(feed.items.allSatisfy { $0.link != nil })
    }
}
