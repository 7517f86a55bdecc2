import Foundation

/// What a filter reads of one article, for evaluation in memory: the same values the SQL form reads from
/// the database (``ArticleFilter`` in `Storage/`), so that both give the same answer.
struct FilterSubject {
    var title: String
    var author: String
    var link: String
    /// The summary and content HTML, turned into plain text only if a condition reads `content`.
    var summaryHTML: String?
    var contentHTML: String?
    /// The date lists sort by.
    var date: Date
    var isRead: Bool
    var isStarred: Bool
    var sourceTitle: String
    var tags: [String]
    /// The plain text, when worked out once ahead (several rules reading `content` of one new article).
    var plainContent: String?

    /// The article's text as plain text, as search indexes it: summary, then content, markup taken out.
    var content: String {
        plainContent ?? Self.plain(summaryHTML: summaryHTML, contentHTML: contentHTML)
    }

    /// `summary` and `content` as plain text, as search indexes them.
    static func plain(summaryHTML: String?, contentHTML: String?) -> String {
        [summaryHTML, contentHTML].compactMap { $0 }.map(SearchText.plain(html:)).filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// A subject of these values (a new item, before it is stored).
    init(
        title: String, author: String, link: String, summaryHTML: String?, contentHTML: String?, date: Date,
        isRead: Bool, isStarred: Bool, sourceTitle: String, tags: [String]
    ) {
        self.title = title
        self.author = author
        self.link = link
        self.summaryHTML = summaryHTML
        self.contentHTML = contentHTML
        self.date = date
        self.isRead = isRead
        self.isStarred = isStarred
        self.sourceTitle = sourceTitle
        self.tags = tags
    }

    /// The subject of `article` (whose text is read only if the query asked for it), from `source`.
    init(_ article: ArticleSnapshot, source: Source?) {
        title = article.title
        author = article.author ?? ""
        // The stored text, as SQL reads it; a link no URL can be made of is not in a snapshot.
        link = article.link?.absoluteString ?? ""
        summaryHTML = article.body?.summaryHTML
        contentHTML = article.body?.contentHTML
        date = article.date
        isRead = article.isRead
        isStarred = article.isStarred
        sourceTitle = source?.title ?? ""
        tags = source?.tags ?? []
    }
}

extension FilterExpression {
    /// Whether `subject` passes, with `age` measured from `now`.
    func holds(for subject: FilterSubject, now: Date) -> Bool {
        switch self {
        case .condition(let condition): condition.holds(for: subject, now: now)
        case .not(let inner): !inner.holds(for: subject, now: now)
        case .all(let items): items.allSatisfy { $0.holds(for: subject, now: now) }
        case .any(let items): items.contains { $0.holds(for: subject, now: now) }
        }
    }
}

extension FilterCondition {
    func holds(for subject: FilterSubject, now: Date) -> Bool {
        switch self {
        case .text(let field, let test):
            switch field {
            case .title: test.holds(for: subject.title)
            case .author: test.holds(for: subject.author)
            case .content: test.holds(for: subject.content)
            case .link: test.holds(for: subject.link)
            case .source: test.holds(for: subject.sourceTitle)
            case .tag: subject.tags.contains { test.holds(for: $0) }
            }
        case .olderThan(let seconds): subject.date.storageValue < Self.threshold(now, seconds)
        case .youngerThan(let seconds): subject.date.storageValue > Self.threshold(now, seconds)
        case .unread(let wanted): subject.isRead != wanted
        case .starred(let wanted): subject.isStarred == wanted
        }
    }

    /// The date (as stored) `seconds` before `now`: older articles have smaller dates.
    static func threshold(_ now: Date, _ seconds: TimeInterval) -> Double {
        now.storageValue - seconds
    }
}

extension ArticleFilter {
    /// Whether `article` passes, evaluated in memory, its source looked up in `sources`, `age` measured from
    /// ``now`` or else `now`. A `content` condition reads the article's text: the snapshot must carry it
    /// (``ArticleQuery/includesBody``).
    func matches(_ article: ArticleSnapshot, sources: SourcesState, now: Date) -> Bool {
        expression.holds(for: FilterSubject(article, source: sources[article.sourceID]), now: self.now ?? now)
    }
}
