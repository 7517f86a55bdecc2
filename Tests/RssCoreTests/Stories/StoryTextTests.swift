import Testing
@testable import RssCore

/// Titles and the starts of texts as two copies of one story share them, and the near misses that must not.
@Suite("Story text: the same title and the same start")
struct StoryTextTests {
    static let lede =
        "The city council voted on Tuesday to approve a new budget that raises spending on parks, libraries and "
        + "public transport while cutting the cost of permits for small businesses across the whole region."

    @Test("titles are compared by their words: case, accents, punctuation and white space ignored")
    func titles() {
        #expect(StoryText.normalisedTitle("  Café  Opens: “New Menu”!  ") == "cafe opens new menu")
        #expect(StoryText.normalisedTitle("CAFE OPENS — NEW MENU") == "cafe opens new menu")
        #expect(StoryText.normalisedTitle("Don’t panic") == StoryText.normalisedTitle("Don't Panic"))
        #expect(StoryText.normalisedTitle("Version 2.0 released") != StoryText.normalisedTitle("Version 20 released"))
        #expect(StoryText.normalisedTitle("…") == "")
    }

    @Test("ideographs are words of their own: a Chinese sentence has as many words as characters")
    func ideographs() {
        #expect(StoryText.words(of: "今天天气很好。Swift 6", limit: 30) == ["今", "天", "天", "气", "很", "好", "swift", "6"])
        #expect(StoryText.words(of: "今天天气很好", limit: 3) == ["今", "天", "天"])
    }

    @Test("a text's start is read from its HTML: markup and references out, at most 30 words")
    func startWords() {
        let words = StoryText.startWords(ofHTML: "<p>The <b>city</b> council&nbsp;voted</p><p>on Tuesday</p>")
        #expect(words == ["the", "city", "council", "voted", "on", "tuesday"])
        #expect(StoryText.startWords(ofHTML: "<p>\(Self.lede)</p>").count == StoryText.comparedWords)
    }

    @Test("an excerpt and the whole text start alike, even with a closing “Read more”")
    func excerpt() {
        let whole = StoryText.startWords(ofHTML: "<p>\(Self.lede)</p><p>More paragraphs follow.</p>")
        let excerpt = StoryText.startWords(ofHTML: "The city council voted on Tuesday to approve a new budget that raises […] Read more")
        #expect(StoryText.startsAlike(excerpt, whole))
        #expect(StoryText.startsAlike(whole, excerpt))
    }

    @Test("texts that part early, or are too short to tell, are not alike")
    func nearMisses() {
        let whole = StoryText.startWords(ofHTML: Self.lede)
        let other = StoryText.startWords(
            ofHTML: "The city council voted on Tuesday to reject a new budget that raises spending on parks, libraries")
        #expect(!StoryText.startsAlike(whole, other))
        let short = StoryText.startWords(ofHTML: "The city council voted on Tuesday")
        #expect(!StoryText.startsAlike(short, whole))
        #expect(!StoryText.startsAlike([], []))
    }

    @Test("the same title with texts that differ is not the same story; with texts alike it is")
    func signatures() {
        func signature(_ title: String, _ text: String) -> StorySignature {
            StorySignature(link: nil, originLink: nil, title: title, summaryHTML: text, contentHTML: nil)
        }
        let a = signature("Council approves budget", Self.lede)
        let b = signature("Council Approves Budget!", "<p>\(Self.lede)</p>")
        let c = signature("Council approves budget", "Our reporter was at the meeting where the council approved the budget after a long debate with residents.")
        #expect(a.titleKey == b.titleKey && a.titleKey != nil)
        #expect(a.sameStoryByText(as: b, starts: a.textStarts()))
        #expect(!a.sameStoryByText(as: c, starts: a.textStarts()))
        let d = signature("Council rejects budget", Self.lede)
        #expect(!a.sameStoryByText(as: d, starts: a.textStarts()))
    }
}
