import FeedParser
import Foundation
import Testing

/// Whether a document starts like a feed, from its first bytes, as discovery asks before following an address.
@Suite("feed sniffer")
struct FeedSnifferTests {
    @Test(
        "feeds are told by their root element or JSON Feed version, past any prologue",
        arguments: [
            (#"<?xml version="1.0"?><rss version="2.0"><channel/></rss>"#, FeedLink.Format.rss),
            ("\u{FEFF}\n  <!-- a comment > with -- dashes -->\n<?xml-stylesheet href=\"s.xsl\"?><rss>", .rss),
            (#"<!DOCTYPE rss [<!ENTITY nbsp "&#160;"> <!ELEMENT x ANY>]><rss version="0.91">"#, .rss),
            (#"<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "x.dtd"><rss>"#, .rss),
            (#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><channel/>"#, .rss),
            (#"<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>"#, .atom),
            (#"<atom:feed xmlns:atom="http://www.w3.org/2005/Atom">"#, .atom),
            (#"  {"version": "https://jsonfeed.org/version/1.1", "title": "x", "items": []}"#, .json),
        ])
    func feeds(_ text: String, _ format: FeedLink.Format) {
        #expect(FeedSniffer.format(of: Data(text.utf8)) == format)
    }

    @Test(
        "pages, other documents and what it cannot place are not",
        arguments: [
            "<!DOCTYPE html><html><head><title>x</title></head></html>",
            #"<?xml version="1.0"?><opml version="2.0"><body/></opml>"#,
            #"{"rss": {"channel": {}}}"#,
            #"{"title": "not a feed"}"#,
            "plain text",
            "",
            "<!-- a comment that never ends",
            "<rss",
        ])
    func notFeeds(_ text: String) {
        #expect(FeedSniffer.format(of: Data(text.utf8)) == nil)
    }

    @Test("UTF-16 with a byte order mark is read as what it says; only the prefix is looked at")
    func encodingsAndPrefix() {
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("<feed xmlns=\"http://www.w3.org/2005/Atom\">".data(using: .utf16LittleEndian)!)
        #expect(FeedSniffer.format(of: utf16) == .atom)
        let late = String(repeating: " ", count: FeedSniffer.prefixBytes) + "<rss>"
        #expect(FeedSniffer.format(of: Data(late.utf8)) == nil)
        let gzip = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(FeedSniffer.format(of: gzip) == nil)
    }
}
