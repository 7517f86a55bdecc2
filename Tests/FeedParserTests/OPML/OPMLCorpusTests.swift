import FeedParser
import Foundation
import Testing

/// The OPML corpus (see Fixtures/opml/MANIFEST.md for sources and licences): every file imports the feeds a
/// person would expect, with folders as tags.
@Suite("OPML corpus")
struct OPMLCorpusTests {
    /// (file, feed outlines expected, deepest nesting expected) from MANIFEST.md; the raw-`&` files were counted
    /// there by regex, the truncated one by hand (every complete `<outline … xmlUrl=…>` line).
    static let table: [(String, Int, Int?)] = [
        ("awesome-rss-feeds/countries_with_category_Japan.opml", 8, 2),
        ("awesome-rss-feeds/countries_with_category_United_States.opml", 10, nil),
        ("awesome-rss-feeds/countries_without_category_India.opml", 36, nil),
        ("awesome-rss-feeds/recommended_with_category_News.opml", 11, nil),
        ("awesome-rss-feeds/recommended_with_category_Programming.opml", 50, nil),
        ("awesome-rss-feeds/recommended_with_category_Science.opml", 24, nil),
        ("engineering-blogs/engineering_blogs.opml", 422, 2),
        ("netnewswire/DefaultFeeds.opml", 10, 1),
        ("netnewswire/Subs.opml", 207, 2),
        ("netnewswire/SubsNoTitleAttributes.opml", 207, 2),
        ("newsboat/body-element-missing.opml", 0, 0),
        ("newsboat/category.opml", 1, 1),
        ("newsboat/example.opml", 7, 3),
        ("newsboat/example2.opml", 7, 3),
        ("newsboat/filtered.opml", 2, 2),
        ("newsboat/opml-element-missing.opml", 2, 2),
        ("newsboat/piped.opml", 2, 2),
        ("newsboat/test-urls+.opml", 4, 3),
        ("node-opmlparser/categories.opml", 0, 1),
        ("node-opmlparser/empty-head.opml", 0, 1),
        ("node-opmlparser/no-outlines.opml", 0, 0),
        ("node-opmlparser/outline.opml", 0, 2),
        ("node-opmlparser/top100.opml", 100, 1),
        ("opml-go/feedreader/feedly.opml", 5, 2),
        ("opml-go/feedreader/newsblur.opml", 5, 2),
        ("opml-go/spec/category.opml", 0, 1),
        ("opml-go/spec/directory.opml", 0, 1),
        ("opml-go/spec/placesLived.opml", 0, 3),
        ("opml-go/spec/simpleScript.opml", 0, 3),
        ("opml-go/spec/states.opml", 0, 4),
        ("opml-go/spec/subscriptionList.opml", 13, 1),
    ]

    static func feedCount(_ outlines: [OPMLOutline]) -> Int {
        outlines.reduce(0) { $0 + ($1.isFeed ? 1 : 0) + feedCount($1.children) }
    }

    static func depth(_ outlines: [OPMLOutline]) -> Int {
        outlines.map { 1 + depth($0.children) }.max() ?? 0
    }

    @Test(arguments: table.map { $0.0 })
    func imports(_ file: String) throws {
        let (_, feeds, expectedDepth) = Self.table.first { $0.0 == file }!
        let document = try OPMLReader().read(Fixtures.data("opml/" + file))
        #expect(Self.feedCount(document.outlines) == feeds)
        if let expectedDepth { #expect(Self.depth(document.outlines) == expectedDepth) }
        for subscription in document.subscriptions {
            #expect(!subscription.title.isEmpty)
            #expect(!subscription.xmlURL.isEmpty)  // newsboat's piped.opml has `|command` URLs
        }
    }

    @Test func everyCorpusFileIsCovered() {
        let files = Fixtures.files(under: "opml").filter { $0.hasSuffix(".opml") }.map { String($0.dropFirst(5)) }
        #expect(Set(files) == Set(Self.table.map(\.0)).union(["node-opmlparser/malformed.opml"]))
    }

    @Test func truncatedFileKeepsTheIntactOutlines() throws {
        let document = try OPMLReader().read(Fixtures.data("opml/node-opmlparser/malformed.opml"))
        let subscriptions = document.subscriptions
        #expect(subscriptions.count == 15)  // every xmlUrl in the file, including the line with a broken attribute
        #expect(subscriptions.contains { $0.title == "CSS-Tricks" && $0.xmlURL == "http://feeds.feedburner.com/CssTricks" })
        #expect(subscriptions.contains { $0.xmlURL == "http://feeds.feedburner.com/webdesigntutsplus" })
    }

    @Test func newsboatFoldersUseTextAndBecomeTags() throws {
        let document = try OPMLReader().read(Fixtures.data("opml/newsboat/example.opml"))
        let byURL = Dictionary(uniqueKeysWithValues: document.subscriptions.map { ($0.xmlURL, $0) })
        #expect(byURL["https://blogs.example.com/~john/posts.rss"]?.folderPath == ["Blogs"])
        #expect(byURL["https://blogs.example.com/~mike/.rss"]?.folderPath == ["Blogs", "friends"])
        #expect(byURL["https://blogs.example.com/~mike/.rss"]?.title == "Notes by Mike")
        #expect(byURL["https://fred.example.com/writing/index.php?type=rss"]?.tags == ["eloquent"])
        #expect(byURL["https://example.com/feed.xml"]?.folderPath == [])
    }

    @Test func textUsedWhenTitleMissing() throws {
        let document = try OPMLReader().read(Fixtures.data("opml/netnewswire/SubsNoTitleAttributes.opml"))
        #expect(document.subscriptions.allSatisfy { !$0.title.isEmpty && !$0.title.contains("://") })
    }

    @Test func categoryAttributeBecomesTags() throws {
        let document = try OPMLReader().read(Fixtures.data("opml/newsboat/category.opml"))
        let subscription = try #require(document.subscriptions.first)
        #expect(subscription.categories == ["tag one", "tag_two", "tag/three"])
    }

    @Test func rawAmpersandIsTolerated() throws {
        let document = try OPMLReader().read(Fixtures.data("opml/awesome-rss-feeds/recommended_with_category_News.opml"))
        #expect(document.subscriptions.contains { $0.title.contains("&") || $0.xmlURL.contains("&") })
    }

    @Test func missingBodyIsAWarningNotAnError() throws {
        let document = try OPMLReader().read(Fixtures.data("opml/newsboat/body-element-missing.opml"))
        #expect(document.title == "The body element is missing")
        #expect(document.outlines.isEmpty)
        #expect(!document.warnings.isEmpty)
    }
}
