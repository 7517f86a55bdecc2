@testable import FeedParser
import Foundation
import Testing

/// Rule 5 of ``ItemIdentity``: the forms one article's id takes, whichever items share its publisher id.
@Suite("identity forms")
struct IdentityFormsTests {
    static func item(_ guid: String, _ link: String, _ title: String) -> String {
        "<item><guid isPermaLink=\"false\">\(guid)</guid><link>\(link)</link><title>\(title)</title></item>"
    }

    static let first = item("same", "https://example.com/a", "First article")
    static let second = item("same", "https://example.com/b", "Second article")
    static let sameLink = item("same", "https://example.com/a", "First article, updated")

    /// The item of `document` with `title`.
    static func article(_ title: String, in items: String) throws -> FeedItem {
        try #require(try FeedParser().parse(Feeds.rss(items: items)).items.first { $0.title == title })
    }

    /// Every form, its own id included.
    static func allForms(of item: FeedItem) throws -> Set<String> {
        let forms = try #require(ItemIdentity.forms(of: item))
        return Set([item.id] + forms.others(than: item.id))
    }

    @Test func anArticleHasTheSameThreeFormsInEveryDocument() throws {
        let documents = [
            Self.first, Self.first + Self.second, Self.second + Self.first, Self.first + Self.sameLink + Self.second,
        ]
        let items = try documents.map { try Self.article("First article", in: $0) }
        #expect(Set(items.map(\.id)).count == 3)
        let forms = try items.map(Self.allForms)
        #expect(forms.allSatisfy { $0 == forms[0] && $0.count == 3 })
        #expect(items.allSatisfy { forms[0].contains($0.id) })
    }

    @Test func theFormsAreThePublisherIDAndItsTwoRepeatedIDs() throws {
        let alone = try Self.article("First article", in: Self.first)
        #expect(alone.id == "same")
        #expect(alone.sharedID == nil)
        let forms = try #require(ItemIdentity.forms(of: alone))
        #expect(forms.publisherID == "same")
        #expect(forms.byLink == ItemIdentity.repeatedID("same", of: alone, sharesLink: false))
        #expect(forms.byLinkAndTitle == ItemIdentity.repeatedID("same", of: alone, sharesLink: true))
        #expect(forms.others(than: alone.id) == [forms.byLink, forms.byLinkAndTitle])

        let shared = try Self.article("First article", in: Self.second + Self.first)
        #expect(shared.sharedID == "same")
        #expect(shared.id == forms.byLink)
        #expect(ItemIdentity.forms(of: shared) == forms)
        #expect(forms.others(than: shared.id) == ["same", forms.byLinkAndTitle])
    }

    @Test func anItemToldApartByTitleHasItsOwnTitleForm() throws {
        let item = try Self.article("First article", in: Self.first + Self.sameLink)
        let forms = try #require(ItemIdentity.forms(of: item))
        #expect(item.id == forms.byLinkAndTitle)
        #expect(item.sharedID == "same")
    }

    @Test func hashedIDsHaveNoOtherForms() throws {
        let feed = try FeedParser().parse(
            Feeds.rss(items: "<item><title>T</title><link>https://x.example/1</link></item>"))
        #expect(feed.items[0].idKind == .hash)
        #expect(ItemIdentity.forms(of: feed.items[0]) == nil)
    }
}
