import FeedParser
import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Feed text with NUL characters")
struct NULTextTests {
    /// SQLite would end each text at its NUL: titles cut short or blanked, two ids made one.
    @Test(
        "a NUL in feed text is dropped, so nothing after it is lost and ids stay apart",
        arguments: DatabaseKind.allCases)
    func nulIsDroppedBeforeStoring(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        let source = makeSource("nul")
        try database.saveSource(source)
        let items = [
            FeedItem(
                id: "id\0one", idKind: .guid, title: "\0Hidden\0 title", link: "https://example.org/1\0",
                authors: [FeedAuthor(name: "An\0na")]),
            FeedItem(id: "id\0two", idKind: .guid, title: "Second"),
        ]
        let merged = try database.mergeFetchedItems(items.map(FetchedItem.init), sourceID: source.id)
        #expect(merged?.inserted == 2)
        let rows = try database.listArticles(ListFilter(), limit: 10).rows.sorted { $0.title < $1.title }
        #expect(rows.map(\.title) == ["Hidden title", "Second"])
        #expect(rows[0].link?.absoluteString == "https://example.org/1")
        #expect(rows[0].author == "Anna")
    }

    @Test func textWithoutNULIsTheSameString() {
        #expect("plain".withoutNUL == "plain")
        #expect("a\0b\0".withoutNUL == "ab")
        #expect("\0".withoutNUL.isEmpty)
    }
}
