import Foundation
import Testing

@testable import RssCore

/// The steps of a merge, each on its own: identity, the changes a re-fetch makes to a known article, the stories'
/// marks, full-text queueing, the counts, and retention's tombstones. (The merge as a whole is tested where it
/// stores: `MergeTests`, `RuleMergeTests`, the story and full-text suites.)
@Suite("Merge steps")
struct MergeStepTests {
    static func known(_ rowid: Int64, _ item: FetchedItem, pageFilled: PageFill = []) -> StoredFeedItems.Known {
        StoredFeedItems.Known(rowid: rowid, fields: MergeFields(item: item), firstSeenAt: 1_000, pageFilled: pageFilled)
    }

    @Test("identity: a stored article, a buried item, a new one; another form of an id; a repeat counts once")
    func identity() {
        let kept = FetchedItem(stableID: "a", title: "A")
        let stored = StoredFeedItems(
            articles: ["a": Self.known(1, kept), "old-b": Self.known(2, FetchedItem(stableID: "old-b", title: "B"))],
            tombstones: ["gone"], storedAs: ["b": "old-b"])
        var identity = MergeIdentity(stored)
        guard case .known(let a) = identity.place("a"), a.rowid == 1 else { Issue.record("a"); return }
        guard case .known(let b) = identity.place("b"), b.rowid == 2 else { Issue.record("b by its other form"); return }
        guard case .buried = identity.place("gone") else { Issue.record("gone"); return }
        guard case .new = identity.place("c") else { Issue.record("c"); return }
        guard case .repeated = identity.place("a") else { Issue.record("a again"); return }
        #expect(identity.listed == ["a", "b", "gone", "c", "old-b"])
    }

    @Test("a re-fetch changes a known article only where the feed changed, and keeps what its page filled")
    func knownChanges() {
        let item = FetchedItem(stableID: "a", title: "A", link: "https://x/a", summary: "one")
        let known = Self.known(1, item)
        #expect(KnownArticleUpdate.changes(of: known, by: item) == nil)
        var edited = item
        edited.summary = "two"
        #expect(KnownArticleUpdate.changes(of: known, by: edited)?.summary == "two")
        // A title made up from the text, where the page's own title was taken: kept.
        var pageTitled = known
        pageTitled.fields.title = "The page's title"
        pageTitled.pageFilled = [.title]
        var fallback = item
        fallback.titleIsFallback = true
        #expect(KnownArticleUpdate.changes(of: pageTitled, by: fallback) == nil)
    }

    @Test("a copy of a story takes its marks only when each story is shown once, and never a hidden story's")
    func storyMarks() {
        let story = StoryLinking.Match(rowid: 7, story: nil, isRead: true, isStarred: true, isHidden: false)
        let hidden = StoryLinking.Match(rowid: 8, story: 7, isRead: true, isStarred: true, isHidden: true)
        func marks(_ match: StoryLinking.Match?, once: Bool) -> [Bool] {
            let found = StoryPlacement.Place(match: match).marks(read: false, starred: false, showingStoriesOnce: once)
            return [found.isRead, found.isStarred]
        }
        #expect(marks(story, once: true) == [true, true])
        #expect(marks(story, once: false) == [false, false])
        #expect(marks(hidden, once: true) == [false, false])
        #expect(marks(nil, once: true) == [false, false])
        // The rules' own marks stay whatever the story's.
        let own = StoryPlacement.Place(match: nil).marks(read: true, starred: false, showingStoriesOnce: true)
        #expect(own.isRead && !own.isStarred)
        #expect(StoryLinking.Match(rowid: 9, story: 4, isRead: false, isStarred: false, isHidden: false).storyNumber == 4)
    }

    @Test("full text: a new article of a full-text source is due at once, of another never on its own")
    func fullTextQueueing() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(FullTextQueueing(isOn: true).dueAt(now) == now)
        #expect(FullTextQueueing(isOn: false).dueAt(now) == nil)
    }

    @Test("counts: hidden articles count nowhere; copies of a story shown count as duplicates too")
    func tally() {
        var tally = MergeTally()
        tally.count(.init(isVisible: true, isRead: false, isStarred: false, isDuplicate: false))
        tally.count(.init(isVisible: true, isRead: true, isStarred: true, isDuplicate: true))
        tally.count(.init(isVisible: true, isRead: false, isStarred: false, isDuplicate: true))
        tally.count(.init(isVisible: false, isRead: false, isStarred: true, isDuplicate: true))
        #expect(tally.visible == 3 && tally.unread == 2 && tally.starred == 1)
        #expect(tally.duplicates == StoryDuplicates(total: 2, unread: 1, starred: 1))
    }

    @Test("retention: the tombstones of items the feed no longer lists go; those it lists stay")
    func tombstones() {
        #expect(TombstonePruning.stale(["a", "b", "c"], listed: ["b", "x"]) == ["a", "c"])
        #expect(TombstonePruning.stale([], listed: ["b"]).isEmpty)
    }
}
