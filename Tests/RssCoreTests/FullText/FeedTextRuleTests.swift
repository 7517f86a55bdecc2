import Testing

@testable import RssCore

/// The rule that leaves a full-text source's page alone when the feed already carries the whole article.
@Suite("Feed text rule: whole articles and teasers")
struct FeedTextRuleTests {
    typealias F = FullTextFixture

    @Test("a content of 150 words or more that ends as an article does is whole")
    func wholeContent() {
        #expect(FeedTextRule.carriesWholeArticle(summary: F.teaser, content: F.words(200)))
        #expect(FeedTextRule.carriesWholeArticle(summary: nil, content: F.words(150)))
    }

    @Test("a whole article in the summary alone (an RSS description) counts")
    func wholeSummary() {
        #expect(FeedTextRule.carriesWholeArticle(summary: F.words(400), content: nil))
    }

    @Test("a text under 150 words is a teaser, whatever it ends with")
    func shortText() {
        #expect(!FeedTextRule.carriesWholeArticle(summary: F.teaser, content: nil))
        #expect(!FeedTextRule.carriesWholeArticle(summary: nil, content: F.words(149)))
    }

    @Test("a long text that ends with an ellipsis or an invitation to read on is a teaser")
    func teaserEndings() {
        let long = String(F.words(300).dropLast(5))
        #expect(!FeedTextRule.carriesWholeArticle(summary: nil, content: long + " […]</p>"))
        #expect(!FeedTextRule.carriesWholeArticle(summary: nil, content: long + "…</p>"))
        #expect(!FeedTextRule.carriesWholeArticle(
            summary: nil, content: long + ".</p><p><a href=\"/a\">Continue reading →</a></p>"))
        #expect(!FeedTextRule.carriesWholeArticle(summary: nil, content: long + ". Читать далее</p>"))
    }

    @Test("a content much shorter than its summary is not the article, however long")
    func contentShorterThanSummary() {
        #expect(!FeedTextRule.carriesWholeArticle(summary: F.words(600), content: F.words(300)))
        #expect(FeedTextRule.carriesWholeArticle(summary: F.words(300), content: F.words(290)))
    }

    @Test("ideographs count as words, one each")
    func ideographs() {
        #expect(FeedTextRule.words(in: "記事の本文") == 5)
        #expect(FeedTextRule.words(in: "don't stop-gap 42") == 3)
    }
}
