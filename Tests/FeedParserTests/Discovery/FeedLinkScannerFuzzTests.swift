import FeedParser
import Foundation
import Testing

/// Any bytes at all are a page the scanner reads without failing: random and hostile inputs (seeded, so a
/// failure can be replayed) finish, keep only web addresses, never more than the limit, and never lose a real
/// link that comes before the junk (whose address only a `<base>` in the junk may change).
@Suite("feed link scanner on random and hostile pages", .timeLimit(.minutes(5)))
struct FeedLinkScannerFuzzTests {
    static let page = "https://example.org/dir/page.html"
    static let real = #"<link rel="alternate" type="application/rss+xml" href="/real.xml">"#

    /// Markup fragments that reach every state of the scanner, mixed with random bytes.
    static let pieces: [[UInt8]] = [
        "<", ">", "/", "=", "\"", "'", " ", "\n", "<link", "<LINK ", " rel=", "alternate", "feed", " type=",
        "application/rss+xml", "application/atom+xml", "application/json", " href=", "/f", "../", "?q#x",
        "javascript:", "feed://", "<!--", "-->", "<!", "<?", "</", "<script>", "</script", "<style", "<title>",
        "</title>", "<base href=", "<plaintext>", "&amp;", "&#", "&#x", ";", "\u{0}", "\u{FEFF}", "é", "\u{202E}",
    ].map { Array($0.utf8) }

    static func randomPage(_ generator: inout XorShift, length: Int) -> Data {
        var bytes: [UInt8] = []
        while bytes.count < length {
            if generator.next() % 4 == 0 {
                bytes.append(UInt8(truncatingIfNeeded: generator.next()))
            } else {
                bytes += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
        }
        return Data(bytes)
    }

    static func checkSafe(_ links: [FeedLink], _ label: String) {
        #expect(links.count <= FeedLinkScanner.maximumLinks, "\(label)")
        for link in links {
            let url = URL(string: link.url)
            #expect(["http", "https"].contains(url?.scheme?.lowercased() ?? ""), "\(label): \(link.url)")
            #expect(url?.host?.isEmpty == false, "\(label): \(link.url)")
            #expect(!(link.title ?? "").contains { $0.isNewline }, "\(label)")
        }
    }

    @Test("random pages: web addresses only, within the limit; a link before the junk is always found")
    func randomPages() {
        for seed in 1...2_000 {
            var generator = XorShift(seed: UInt64(seed))
            let junk = Self.randomPage(&generator, length: Int(generator.next() % 3_000))
            let links = FeedLinkScanner.feedLinks(in: junk, contentType: nil, pageURL: Self.page)
            Self.checkSafe(links, "seed \(seed)")
            var page = Data(Self.real.utf8)
            page.append(junk)
            let withReal = FeedLinkScanner.feedLinks(in: page, contentType: "text/html", pageURL: Self.page)
            // A `<base href>` in the junk is the base of every link, the real one's too, as in a browser.
            if junk.range(of: Data("<base".utf8)) == nil {
                #expect(withReal.first?.url == "https://example.org/real.xml", "seed \(seed)")
            } else {
                #expect(withReal.first?.url.hasSuffix("/real.xml") == true, "seed \(seed)")
            }
            Self.checkSafe(withReal, "seed \(seed) with a real link")
        }
    }

    /// Hostile pages by name, each with the number of links a browser would find in it.
    static let hostile: [String: (page: String, links: Int)] = [
        "unclosed comment": ("<!--" + String(repeating: "<link ", count: 200_000), 0),
        "unclosed quote": (#"<link rel="alternate type="# + String(repeating: "x", count: 1_000_000), 0),
        "a million <": (String(repeating: "<", count: 1_000_000), 0),
        // Every attribute up to the real link's `>` belongs to the first tag, which is then a feed link.
        "a tag of 100,000 attributes": ("<link " + String(repeating: "a=b ", count: 100_000) + real, 1),
        "an endless script": ("<script>" + String(repeating: "</scrip <link>", count: 50_000), 0),
        "a huge attribute": (
            #"<link rel="alternate" type="application/rss+xml" title=""# + String(repeating: "t", count: 2_000_000)
                + #"" href="/a">"#, 0
        ),
        "NUL bytes everywhere": (String(repeating: "\u{0}<\u{0}link\u{0}", count: 10_000) + real, 1),
        "tags nested 200,000 deep": (String(repeating: "<div>", count: 200_000) + real, 1),
    ]

    @Test("hostile pages finish with what a browser would find", arguments: hostile.keys.sorted())
    func hostilePages(_ label: String) throws {
        let (html, expected) = try #require(Self.hostile[label])
        let links = FeedLinkScanner.feedLinks(in: Data(html.utf8), contentType: "text/html", pageURL: Self.page)
        Self.checkSafe(links, label)
        #expect(links.count == expected, "\(label)")
    }

    @Test("invalid UTF-8, UTF-16 and binary pages are read without failing")
    func encodings() {
        var invalid = Data([0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82])
        invalid.append(Data(Self.real.utf8))
        Self.checkSafe(FeedLinkScanner.feedLinks(in: invalid, pageURL: Self.page), "invalid UTF-8")
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(Self.real.data(using: .utf16LittleEndian)!)
        #expect(FeedLinkScanner.feedLinks(in: utf16, pageURL: Self.page).map(\.url) == ["https://example.org/real.xml"])
        var generator = XorShift(seed: 99)
        let binary = Data((0..<100_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        Self.checkSafe(FeedLinkScanner.feedLinks(in: binary, pageURL: Self.page), "binary")
        #expect(FeedLinkScanner.feedLinks(in: Data(), pageURL: nil).isEmpty)
    }
}

/// A small seeded generator (xorshift64*), so that each random page can be made again from its seed.
struct XorShift: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
