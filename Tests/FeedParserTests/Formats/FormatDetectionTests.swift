import FeedParser
import Foundation
import Testing

@Suite("format detection")
struct FormatDetectionTests {
    @Test(arguments: [
        ("<rss version=\"2.0\"><channel/></rss>", FeedFormat.rss20),
        ("<rss version=\"0.91\"><channel/></rss>", .rss09x),
        ("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\"/>", .rss10),
        ("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://my.netscape.com/rdf/simple/0.9/\"/>", .rss090),
        ("<feed xmlns=\"http://www.w3.org/2005/Atom\"/>", .atom10),
        ("<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\"/>", .atom03),
        ("{\"version\":\"https://jsonfeed.org/version/1\",\"items\":[]}", .jsonFeed10),
        ("{\"version\":\"https://jsonfeed.org/version/1.1\",\"items\":[]}", .jsonFeed11),
        ("{\"rss\":{\"channel\":{\"title\":\"x\",\"item\":[]}}}", .rssInJSON),
    ])
    func detects(_ text: String, _ format: FeedFormat) throws {
        #expect(try Feeds.parse(text).format == format)
    }

    @Test func preambleBeforeTheRootIsSkipped() throws {
        let text = "\u{FEFF}  \n<?xml version=\"1.0\"?>\n<!-- a comment -->\n<?xml-stylesheet href=\"x.xsl\"?>\n"
            + "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">\n"
            + "<rss version=\"0.91\"><channel><title>ok</title></channel></rss>"
        let feed = try Feeds.parse(text)
        #expect(feed.title == "ok")
        #expect(feed.format == .rss09x)
    }

    @Test(arguments: [
        ("", FeedParseError.empty),
        ("   \n ", .empty),
        ("<!DOCTYPE html><html><head><title>x</title></head><body>hi</body></html>", .htmlPage),
        ("<opml version=\"2.0\"><body/></opml>", .opmlDocument),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", .notAFeed(rootElement: "svg", line: 1)),
        ("<?xml version=\"1.0\"?>\r\n<!-- x -->\n\n<x:doc xmlns:x=\"urn:x\"/>", .notAFeed(rootElement: "x:doc", line: 4)),
        ("{\"version\":\"https://jsonfeed.org/version/1\",\"items\":[", .invalidJSON(line: 1, column: 54)),
        ("{\"version\": \"https://jsonfeed.org/version/1\",\n  \"items\": [}", .invalidJSON(line: 2, column: 13)),
        ("{\"hello\":1}", .notAJSONFeed),
        ("[1, 2]", .notAJSONFeed),
        ("{\"rss\": {\"version\": \"2.0\"}}", .notAJSONFeed),
        ("this is not a feed at all", .noRootElement),
    ])
    func rejects(_ text: String, _ error: FeedParseError) {
        #expect(throws: error) { try Feeds.parse(text) }
    }

    @Test func errorsRenderAsOneLine() {
        #expect(FeedParseError.htmlPage.description == "not a feed (looks like an HTML page)")
        #expect(!FeedParseError.invalidJSON(line: 1, column: 2).description.contains("\n"))
    }
}
