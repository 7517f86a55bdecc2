import Foundation
import Testing

@_spi(Serve) @testable import RssCore
@testable import ServeCore
@testable import ServeFront

/// The shapes of Fever's answers (the keys and JSON types its apps parse), the groups made of tags, and the
/// key kept in the accounts file.
@Suite("Fever answers and keys")
struct FeverAnswerTests {
    static func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a refused key gets exactly api_version and auth 0; members not asked for are left out")
    func refused() throws {
        #expect(try Self.text(FeverAnswer.refused) == #"{"api_version":3,"auth":0}"#)
        #expect(
            try Self.text(FeverAnswer.accepted(refreshedAt: 1_700_000_000))
                == #"{"api_version":3,"auth":1,"last_refreshed_on_time":1700000000}"#)
    }

    @Test("numbers for ids, flags and times, strings for id lists, groups of exactly id and title")
    func types() throws {
        var answer = FeverAnswer.accepted(refreshedAt: 5)
        answer.groups = [Fever.Group(id: 2, title: "Tech")]
        answer.feeds_groups = [Fever.FeedsGroup(group_id: 2, feed_ids: "10,11")]
        answer.items = [
            Fever.Item(
                id: 100, feed_id: 10, title: "Post", author: "", html: "<p>x</p>", url: "https://ex.org/p", is_saved: 0,
                is_read: 1, created_on_time: 1_709_990_000)
        ]
        answer.total_items = 1
        answer.unread_item_ids = FeverAnswer.idList([])
        answer.saved_item_ids = FeverAnswer.idList([100, 101])
        answer.links = []
        let text = try Self.text(answer)
        #expect(text.contains(#""groups":[{"id":2,"title":"Tech"}]"#))
        #expect(text.contains(#""feeds_groups":[{"feed_ids":"10,11","group_id":2}]"#))
        #expect(
            text.contains(#""is_read":1"#) && text.contains(#""is_saved":0"#) && !text.contains("true")
                && !text.contains("false"))
        #expect(text.contains(#""unread_item_ids":"""#) && text.contains(#""saved_item_ids":"100,101""#))
        #expect(text.contains(#""links":[]"#) && text.contains(#""total_items":1"#))
        #expect(text.contains(#""url":"https://ex.org/p""#))
        let object = try Self.json(answer)
        #expect(object["favicons"] == nil && object["feeds"] == nil)
    }

    static func source(_ title: String, tags: [String] = [], lastSuccess: Date? = nil) -> Source {
        Source(
            id: UUID(), url: URL(string: "https://example.org/\(title).xml")!, title: title, tags: tags,
            addedAt: Date(timeIntervalSince1970: 0), status: FetchStatus(lastSuccess: lastSuccess))
    }

    @Test("groups are the tags by number; untagged feeds are in a group of their own; every feed is in a listed group")
    func directory() throws {
        let tech = Self.source(
            "tech", tags: ["tech", "daily"], lastSuccess: Date(timeIntervalSince1970: 1_700_000_000.7))
        let plain = Self.source("plain")
        let blank = Self.source("  ")
        let fresh = Self.source("just added")
        let numbers = LibraryNumbers(
            sources: [tech.id: 3, plain.id: 4, blank.id: 9],
            tags: [
                LibraryNumbers.Tag(name: "daily", number: 2, isKept: false),
                LibraryNumbers.Tag(name: "empty", number: 5, isKept: true),
                LibraryNumbers.Tag(name: "tech", number: 1, isKept: false),
            ])
        let directory = FeverDirectory(library: LibraryDirectory(sources: [tech, plain, blank, fresh], numbers: numbers))
        let all = FeverDirectory.uncategorized.id
        #expect(all == 2_147_483_647)
        #expect(directory.sources.map(\.title) == ["tech", "plain", "  "])
        #expect(
            directory.groups == [
                Fever.Group(id: 2, title: "daily"), Fever.Group(id: 5, title: "empty"),
                Fever.Group(id: 1, title: "tech"),
                Fever.Group(id: all, title: "Uncategorized"),
            ])
        #expect(
            directory.feedsGroups == [
                Fever.FeedsGroup(group_id: 2, feed_ids: "3"), Fever.FeedsGroup(group_id: 1, feed_ids: "3"),
                Fever.FeedsGroup(group_id: all, feed_ids: "4,9"),
            ])
        #expect(directory.sources(inGroup: 0) == nil)
        #expect(directory.sources(inGroup: 1) == [tech.id])
        #expect(directory.sources(inGroup: Int64(all)) == [plain.id, blank.id])
        #expect(directory.sources(inGroup: -1) == [])
        #expect(directory.sources(inGroup: 77) == [])
        #expect(directory.tag(numbered: 5) == "empty")
        #expect(directory.source(numbered: 4)?.id == plain.id)
        #expect(directory.source(numbered: 1 << 40) == nil)
        let feed = directory.feed(tech)
        #expect(
            feed
                == Fever.Feed(
                    id: 3, favicon_id: 0, title: "tech", url: "https://example.org/tech.xml",
                    site_url: "https://example.org/tech.xml",
                    is_spark: 0, last_updated_on_time: 1_700_000_000))
        // Readrops refuses empty titles.
        #expect(directory.feed(blank).title == "example.org")
        #expect(directory.feed(plain).last_updated_on_time == 0)
    }

    @Test("with only tagged feeds there is no untagged group")
    func noUntaggedGroup() {
        let tech = Self.source("tech", tags: ["tech"])
        let directory = FeverDirectory(
            library: LibraryDirectory(
                sources: [tech],
                numbers: LibraryNumbers(
                    sources: [tech.id: 1], tags: [LibraryNumbers.Tag(name: "tech", number: 1, isKept: false)])))
        #expect(directory.groups == [Fever.Group(id: 1, title: "tech")])
        #expect(directory.feedsGroups == [Fever.FeedsGroup(group_id: 1, feed_ids: "1")])
    }

    @Test(
        "the key is md5 of name:password; the file keeps SHA-256 of it, found in either case, and a new password replaces it"
    )
    func keys() {
        let key = FeverKey.key(name: "alice", password: "correct horse battery")
        // As Python's hashlib.md5 (the replay client's) computes it.
        #expect(key == "ecc891b4e8f800e979839c6a157481b0")
        var accounts = Accounts()
        accounts.setUser("alice", passwordHash: "h", at: Date())
        #expect(accounts.user(forFeverKey: key) == nil)
        let turnedOn = accounts.setUser(
            "alice", passwordHash: "h2", password: "correct horse battery", fever: true, at: Date())
        #expect(turnedOn)
        #expect(accounts.user(forFeverKey: key)?.name == "alice")
        #expect(accounts.user(forFeverKey: key.uppercased())?.name == "alice")
        #expect(accounts.users[0].feverKeyHash == TokenSecret.hash(key))
        // A new password: Fever stays on, with the new one only.
        let keptOn = accounts.setUser("alice", passwordHash: "h3", password: "another password", fever: nil, at: Date())
        #expect(keptOn)
        #expect(accounts.user(forFeverKey: key) == nil)
        #expect(accounts.user(forFeverKey: FeverKey.key(name: "alice", password: "another password"))?.name == "alice")
        let turnedOff = accounts.setUser(
            "alice", passwordHash: "h4", password: "another password", fever: false, at: Date())
        #expect(!turnedOff)
        #expect(accounts.users[0].feverKeyHash == nil)
        let nobody = accounts.setFeverKey("nobody", password: "x")
        #expect(!nobody)
    }
}
