import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Tag reducers")
struct TagReducerTests {
    typealias F = ReducerFixtures

    @Test(
        "a tag is one line: trimmed, without a leading #, inner whitespace and controls one space",
        arguments: [
            ("news", "news"), ("  #News ", "News"), ("##a", "a"), ("my\ttag\nhere", "my tag here"),
            ("a\u{1B}b\u{202E}c", "a b c"), ("#", nil), ("  ", nil), ("# x", "x"), ("c#", "c#"),
        ] as [(String, String?)])
    func normalized(_ text: String, _ tag: String?) {
        #expect(TagName.normalized(text) == tag)
    }

    @Test("TagSource adds the tags a source lacks, in order, each once; UntagSource takes them off")
    func tagAndUntag() {
        let tagged = F.reduce(F.state(), TagSource(id: F.sourceA, tags: ["news", "#dev", "news", " "], date: F.date))
        #expect(tagged.sources[F.sourceA]?.tags == ["news", "dev"])
        let more = F.reduce(tagged, TagSource(id: F.sourceA, tags: ["dev", "go"], date: F.date))
        #expect(more.sources[F.sourceA]?.tags == ["news", "dev", "go"])
        let fewer = F.reduce(more, UntagSource(id: F.sourceA, tags: ["#news", "absent"], date: F.date))
        #expect(fewer.sources[F.sourceA]?.tags == ["dev", "go"])
        #expect(fewer.notices.items.isEmpty)
        #expect(fewer.sources[F.sourceB]?.tags == [])
    }

    @Test("a tag action on a source not followed says so")
    func unknownSource() {
        let id = UUID()
        for action in [TagSource(id: id, tags: ["x"], date: F.date), UntagSource(id: id, tags: ["x"], date: F.date)]
            as [any Action<RssState>]
        {
            let state = F.reduce(F.state(), action)
            #expect(state.notices.items.map(\.event) == [.problem(.unknownSource(id))])
        }
    }

    @Test("a list showing a tag reloads when a source gains or loses it, and only then")
    func listsReload() {
        var start = F.state()
        start.lists.first.filter.tag = "news"
        let tagged = F.reduce(start, TagSource(id: F.sourceB, tags: ["news"], date: F.date))
        #expect(tagged.lists.first.generation == start.lists.first.generation + 1)
        #expect(tagged.lists.second.generation == start.lists.second.generation)
        let other = F.reduce(tagged, TagSource(id: F.sourceB, tags: ["dev"], date: F.date))
        #expect(other.lists.first.generation == tagged.lists.first.generation)
        let same = F.reduce(other, TagSource(id: F.sourceB, tags: ["news"], date: F.date))
        #expect(same == other)
        let untagged = F.reduce(other, UntagSource(id: F.sourceB, tags: ["news"], date: F.date))
        #expect(untagged.lists.first.generation == other.lists.first.generation + 1)
    }

    @Test("MarkAllRead of a tag marks the rows of its sources only")
    func markAllReadOfTag() {
        let start = F.reduce(F.state(), TagSource(id: F.sourceB, tags: ["news"], date: F.date))
        let state = F.reduce(start, MarkAllRead(tag: "news"))
        #expect(state.lists.first.rows.map(\.isRead) == [false, false, true])
        #expect(state.lists.second.rows.map(\.isRead) == [false, false, true])
    }

    @Test("the tags in use, sorted; the sources of a tag; a tag named loosely")
    func tagsInUse() {
        let state = F.reduce(
            F.state(), TagSource(id: F.sourceA, tags: ["news", "Dev"], date: F.date),
            TagSource(id: F.sourceB, tags: ["apple", "news"], date: F.date))
        #expect(state.sources.tags == ["apple", "Dev", "news"])
        #expect(state.sources.tagged("news").map(\.id) == [F.sourceA, F.sourceB])
        #expect(state.sources.tagged("News").isEmpty)
        #expect(state.sources.tag(named: "#NEWS") == "news")
        #expect(state.sources.tag(named: "dev") == "Dev")
        #expect(state.sources.tag(named: "go") == nil)
    }

    @Test("AddSource files the source under its tags as tags are kept")
    func addSourceTags() {
        let id = UUID()
        let state = F.reduce(
            RssState(), AddSource(url: URL(string: "https://x.example/f")!, tags: ["#a", "b\nc", "a", ""], id: id))
        #expect(state.sources[id]?.tags == ["a", "b c"])
    }
}
