import Foundation
import GRDB

/// The rules as the merge of a fetch applies them: evaluated in memory on each new item before it is inserted,
/// inside the merge's transaction, with the very ``FilterExpression`` the SQL form is compiled from (both read
/// text through ``TextTest``, so they agree). An item a rule deletes is never inserted (only its tombstone
/// is), one it hides is inserted hidden, and marks are inserted as the rules leave them: no statement per
/// rule, and nothing for the search index to take back.
struct NewArticleRules {
    /// The rules whose scope covers the source, in the order they run (see ``FeedDatabase/rules(_:)``).
    let rules: [ArticleRule]
    let sourceTitle: String
    let tags: [String]
    /// Whether a rule reads `content`, whose plain text is then worked out once per item.
    let readsContent: Bool

    /// What the rules make of one new item.
    struct Verdict: Equatable {
        var isRead = false
        var isStarred = false
        var isHidden = false
        var isDeleted = false
        /// How many changes the rules made (a mark set, the item hidden or deleted).
        var changes = 0
    }

    /// The stored rules that apply to `sourceID`'s articles, with the source's title and tags.
    init(_ db: Database, sourceID: UUID) throws {
        let source = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT title, tags FROM source WHERE id = ?"), arguments: [sourceID.uuidString])
        sourceTitle = source?["title"] ?? ""
        tags = (source?["tags"] as String? ?? "").split(separator: "\n").map(String.init)
        let tags = self.tags
        rules = try FeedDatabase.rules(db).filter { rule in
            switch rule.scope {
            case .all: true
            case .source(let id): id == sourceID
            case .tag(let tag): tags.contains(tag)
            }
        }
        readsContent = rules.contains { $0.filter.expression.readsContent }
    }

    /// What the rules make of `item`, first stored at `firstSeen`, with `age` measured from `now`: the rules
    /// in order, each on the article as the ones before left it; a starred article is never hidden or
    /// deleted, and a hidden one is left alone by later rules (as ``RuleApplication`` does in SQL).
    func verdict(for item: FetchedItem, firstSeen: Date, now: Date) -> Verdict {
        var verdict = Verdict()
        guard !rules.isEmpty else { return verdict }
        var subject = FilterSubject(
            title: item.title, author: item.author ?? "", link: item.link ?? "", summaryHTML: item.summary,
            contentHTML: item.contentHTML, date: item.publishedAt ?? item.updatedAt ?? firstSeen, isRead: false,
            isStarred: false, sourceTitle: sourceTitle, tags: tags)
        if readsContent {
            subject.plainContent = FilterSubject.plain(summaryHTML: item.summary, contentHTML: item.contentHTML)
        }
        for rule in rules where !verdict.isHidden && !verdict.isDeleted {
            guard rule.filter.expression.holds(for: subject, now: rule.filter.now ?? now) else { continue }
            switch rule.action {
            case .read where !verdict.isRead:
                verdict.isRead = true
                subject.isRead = true
            case .star where !verdict.isStarred:
                verdict.isStarred = true
                subject.isStarred = true
            case .hide where !verdict.isStarred:
                verdict.isHidden = true
                verdict.isRead = true
            case .delete where !verdict.isStarred:
                verdict.isDeleted = true
            default: continue
            }
            verdict.changes += 1
        }
        return verdict
    }
}

extension FilterExpression {
    /// Whether a condition reads `content` (the costly field: the text without its markup).
    var readsContent: Bool {
        switch self {
        case .condition(.text(.content, _)): true
        case .condition: false
        case .not(let inner): inner.readsContent
        case .all(let items), .any(let items): items.contains { $0.readsContent }
        }
    }
}
