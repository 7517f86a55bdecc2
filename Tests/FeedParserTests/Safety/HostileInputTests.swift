import FeedParser
import Foundation
import Testing

/// Hostile documents finish quickly, with bounded memory, and either a clear error or a partial result.
/// Speed is not asserted with a stopwatch (the machines are noisy); each input is sized so that the quadratic
/// behaviour it guards against would run past the suite's one-minute limit, while the linear one takes seconds.
@Suite("hostile inputs", .timeLimit(.minutes(5)))
struct HostileInputTests {
    @Test func billionLaughsDoesNotExpand() throws {
        var dtd = "<!DOCTYPE rss [<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        dtd += "]>"
        let doc = dtd + "<rss><channel><title>&lol9;</title></channel></rss>"
        var feed: ParsedFeed?
        feed = try Feeds.parse(doc)
        // One level of expansion only: lol9 becomes ten literal "&lol8;" references.
        #expect(feed?.title?.utf8.count ?? 0 < 1_000)
    }

    @Test func quadraticBlowupStopsAtTheBudget() throws {
        let big = String(repeating: "x", count: 60_000)
        let refs = String(repeating: "&big;", count: 50_000)
        let doc = "<!DOCTYPE rss [<!ENTITY big \"\(big)\">]><rss><channel><title>\(refs)</title></channel></rss>"
        var feed: ParsedFeed?
        feed = try Feeds.parse(doc)
        let options = FeedParser.Options()
        #expect((feed?.title?.utf8.count ?? 0) < options.maxEntityExpansionBytes + 300_000)
        #expect(feed?.warnings.contains { $0.reason.contains("expansion") } == true)
    }

    @Test func externalEntitiesAreNeverFetched() throws {
        let doc = """
        <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd">%p;]>
        <rss><channel><title>a&xxe;b</title></channel></rss>
        """
        let feed = try Feeds.parse(doc)
        #expect(feed.title == "a&xxe;b")
    }

    @Test func deepNestingIsRefusedFast() throws {
        let depth = 100_000
        let doc = "<rss><channel>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            + "</channel></rss>"
                    #expect(throws: FeedParseError.nestedTooDeeply(limit: 512)) { try Feeds.parse(doc) }
        #expect(FeedParseError.nestedTooDeeply(limit: 512).description == "document nested too deeply (more than 512 levels)")
    }

    @Test func deepJSONIsRefusedFast() {
        let doc = "{\"items\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: FeedParseError.nestedTooDeeply(limit: 512)) { try Feeds.parse(doc) }
    }

    @Test func manyUnclosedTagsStayLinear() throws {
        let doc = "<rss><channel><item><title>t</title>" + String(repeating: "<p><b>", count: 200) + "</channel></rss>"
        _ = try Feeds.parse(doc)
    }

    @Test func strayEndTagsUnderDeepOpenElementsStayLinear() throws {
        let doc = "<rss><channel>" + String(repeating: "<a>", count: 500) + String(repeating: "</zz>", count: 1_000_000)
            + "</channel></rss>"
        _ = try Feeds.parse(doc)
    }

    @Test func manyNamespaceDeclarationsStayLinear() throws {
        let declarations = (0..<20_000).map { " xmlns:p\($0)=\"urn:x:\($0)\"" }.joined()
        let doc = "<rss\(declarations)><channel>" + String(repeating: "<item><p1:x/><title>t</title></item>", count: 20_000)
            + "</channel></rss>"
        var count = 0
        count = try Feeds.parse(doc).items.count
        #expect(count == 20_000)
    }

    @Test func quotesInsideManyAttributesStayLinear() throws {
        let doc = "<rss><channel><item a=\"<\"" + String(repeating: " b=\"<\"", count: 50_000) + "/></channel></rss>"
        _ = try Feeds.parse(doc)
    }

    @Test func manyElementsRespectTheLimit() throws {
        var options = FeedParser.Options()
        options.maxElements = 1_000
        let doc = "<rss><channel>" + String(repeating: "<item><title>x</title></item>", count: 1_000) + "</channel></rss>"
        #expect(throws: FeedParseError.tooManyElements(limit: 1_000)) {
            try FeedParser(options: options).parse(Data(doc.utf8))
        }
    }

    @Test func hugeInputIsRefusedByTheSizeLimit() {
        var options = FeedParser.Options()
        options.maxInputBytes = 10
        #expect(throws: FeedParseError.tooLarge(bytes: 11, limit: 10)) {
            try FeedParser(options: options).parse(Data("<rss></rss>".utf8))
        }
    }

    @Test func tenMegabyteFeedParsesInLinearTime() throws {
        let item = "<item><title>Item &amp; more</title><link>http://x/</link><description>&lt;p&gt;"
            + String(repeating: "text ", count: 200) + "&lt;/p&gt;</description></item>"
        let doc = "<rss><channel><title>big</title>" + String(repeating: item, count: 10_000) + "</channel></rss>"
        var count = 0
        count = try Feeds.parse(doc).items.count
        #expect(count == 10_000)
    }

    @Test func truncatedDocumentKeepsItemsBeforeTheCut() throws {
        let doc = "<rss><channel><title>T</title><item><title>one</title></item><item><title>two</title></item><item><title>thr"
        let feed = try Feeds.parse(doc)
        #expect(feed.items.prefix(2).map(\.title) == ["one", "two"])
        #expect(feed.warnings.contains { $0.reason.contains("ended") })
    }
}
