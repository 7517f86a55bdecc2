import FeedParser
import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("The search index holds plain text")
struct SearchIndexTests {
    @Test("markup is taken out: tags, comments, scripts and styles go, references are decoded, words stay apart")
    func plainText() {
        #expect(SearchText.plain(html: "no markup at all") == "no markup at all")
        #expect(SearchText.plain(html: "<p>one</p><p>two</p>") == " one  two ")
        #expect(
            SearchText.plain(html: #"see <a href="https://x.example/div">the <em>link</em></a>."#) == "see the link.")
        #expect(SearchText.plain(html: "a<!-- <b>hidden</b> -->b") == "a b")
        #expect(SearchText.plain(html: "x<SCRIPT>var div = 1;</script >y<style>p { color: red }</STYLE>z") == "x y z")
        #expect(SearchText.plain(html: "caf&eacute; &amp; cr&#xE8;me") == "café & crème")
        #expect(SearchText.plain(html: "text then <unclosed tag") == "text then  ")
        #expect(SearchText.plain(html: "<script>never closed") == " ")
        #expect(SearchText.plain(html: "5 < 6 & 7 > 3") == "5   3")
        #expect(SearchText.plain(html: "") == "")
    }

    @Test("searching finds words of the text, never tag or attribute names", arguments: DatabaseKind.allCases)
    func searchIgnoresMarkup(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        let source = makeSource("markup")
        try database.saveSource(source)
        var item = makeItem("1", title: "Layout notes")
        item.contentHTML =
            #"<div class="post"><p>Grids and <a href="https://example.org/flexbox">caf&eacute;s</a></p></div>"#
        try database.mergeFetchedItems([item, makeItem("2")], sourceID: source.id)
        func count(_ text: String) throws -> Int {
            try database.listArticles(ListFilter(searchText: text), limit: 10).totalCount
        }
        #expect(try count("div") == 0)
        #expect(try count("href") == 0)
        #expect(try count("flexbox") == 0)
        #expect(try count("grids") == 1)
        #expect(try count("cafe") == 1)
        #expect(try count("layout") == 1)
        #expect(try count("body") == 1)  // item 2's "<p>Body of 2</p>"
        try database.checkSearchIndex()
    }

    @Test("changed and removed articles leave the index consistent")
    func updatesAndDeletes() throws {
        let (database, _) = try DatabaseKind.file.open()
        let source = makeSource("changing")
        try database.saveSource(source)
        try database.mergeFetchedItems((1...30).map { makeItem("\($0)", summary: "alpha \($0)") }, sourceID: source.id)
        var changed = makeItem("7", summary: "omega")
        changed.contentHTML = "<p>replaced</p>"
        try database.mergeFetchedItems([changed], sourceID: source.id)
        #expect(try database.listArticles(ListFilter(searchText: "alpha"), limit: 50).totalCount == 29)
        #expect(try database.listArticles(ListFilter(searchText: "omega replaced"), limit: 50).totalCount == 1)
        try database.checkSearchIndex()
        #expect(try database.removeSource(id: source.id) != nil)
        #expect(try database.listArticles(ListFilter(searchText: "alpha"), limit: 50).totalCount == 0)
        try database.checkSearchIndex()
    }

    @Test("a version 1 database is migrated: its index is rebuilt from plain text and keeps working")
    func migratesVersion1() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("old")
        do {
            let queue = try directory.database(migratedUpTo: 0)
            try queue.write { db in
                // Version 1's columns, written as version 1 wrote them.
                try db.execute(
                    sql: "INSERT INTO source (id, url, title, addedAt, lastErrorStage, lastErrorMessage, lastErrorAt) VALUES (?, ?, ?, ?, 'http', '503 service unavailable', ?)",
                    arguments: [source.id.uuidString, source.url, source.title, referenceDate.storageValue, referenceDate.storageValue])
                // Version 1's own trigger indexes the row (with its markup).
                try db.execute(
                    sql: """
                        INSERT INTO article (id, sourceId, stableId, title, publishedAt, contentHTML, firstSeenAt, sortDate)
                        VALUES (?, ?, '1', 'Version one', ?, '<div>stored before the upgrade</div>', ?, ?)
                        """,
                    arguments: [
                        UUID().uuidString, source.id.uuidString, referenceDate.storageValue,
                        referenceDate.storageValue, referenceDate.storageValue,
                    ])
            }
        }
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        // A failure stored as a stage and a message reads back as the value it stood for.
        #expect(try database.source(id: source.id)?.fetchStatus.lastError?.error == .http(status: 503))
        #expect(try database.articles(ArticleQuery()).map(\.categories) == [[]])
        #expect(try database.listArticles(ListFilter(searchText: "upgrade"), limit: 10).totalCount == 1)
        #expect(try database.listArticles(ListFilter(searchText: "div"), limit: 10).totalCount == 0)
        try database.mergeFetchedItems([makeItem("2", title: "Version two")], sourceID: source.id)
        #expect(try database.listArticles(ListFilter(searchText: "version"), limit: 10).totalCount == 2)
        try database.checkSearchIndex()
    }
}

@Suite("Articles without a title")
struct FallbackTitleTests {
    @Test("an item without a title is named by its summary as text, never by its markup")
    func titleFromSummary() {
        let item = FeedItem(
            id: "1", idKind: .guid,
            summary: "<p>Thank you <a href=\"https://example.org\">everyone</a>\n for   the &amp; notes</p>")
        #expect(FetchedItem(item).title == "Thank you everyone for the & notes")
        #expect(
            FetchedItem(FeedItem(id: "2", idKind: .guid, link: "https://example.org/2")).title
                == "https://example.org/2")
    }

    @Test("an item with only content is named by its content, in every format, as RSS items by their summary")
    func titleFromContent() throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Notes",
             "items": [{"id": "1", "content_text": "Shipped the  new build today."},
                       {"id": "2", "content_html": "<p>A <em>rich</em> note</p>"}]}
            """
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Notes</title>
            <entry><id>urn:1</id><content type="html">&lt;p&gt;Only content here&lt;/p&gt;</content></entry></feed>
            """
        let rss = "<rss version=\"2.0\"><channel><item><description>Just a description</description></item></channel></rss>"
        let titles = try [json, atom, rss].flatMap { text in
            try FeedParser().parse(Data(text.utf8)).items.map { FetchedItem($0).title }
        }
        #expect(titles == ["Shipped the new build today.", "A rich note", "Only content here", "Just a description"])
    }
}

@Suite("Ids read back from the database")
struct UUIDTextTests {
    @Test("the canonical text form reads as Foundation reads it; anything else is refused")
    func canonicalText() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(UUID(canonicalText: id.uuidString) == id)
            #expect(UUID(canonicalText: id.uuidString.lowercased()) == id)
        }
        for bad in [
            "", "not a uuid", "00000000-0000-0000-0000-00000000000", "00000000-0000-0000-0000-0000000000000",
            "00000000_0000-0000-0000-000000000000", "0000000G-0000-0000-0000-000000000000",
            "{00000000-0000-0000-0000-000000000000}", "00000000-0000-0000-0000-00000000000é",
        ] {
            #expect(UUID(canonicalText: bad) == nil, "\(bad)")
            #expect(UUID(uuidString: bad) == nil || bad.count != 36, "\(bad)")
        }
    }
}
