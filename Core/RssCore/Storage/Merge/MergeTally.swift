/// The counting step of a merge: what its new articles add to the counts the database keeps (``FeedSchema``) and
/// the refresh reports: the visible ones, of those the unread and the starred, and the copies of stories already
/// shown.
struct MergeTally: Equatable {
    /// One new article, as it is counted.
    struct Article: Equatable {
        var isVisible: Bool
        var isRead: Bool
        var isStarred: Bool
        var isDuplicate: Bool
    }

    var visible = 0
    var unread = 0
    var starred = 0
    var duplicates = StoryDuplicates()

    /// Counts `article`; a hidden one counts nowhere.
    mutating func count(_ article: Article) {
        guard article.isVisible else { return }
        visible += 1
        if !article.isRead { unread += 1 }
        if article.isStarred { starred += 1 }
        guard article.isDuplicate else { return }
        duplicates.total += 1
        if !article.isRead { duplicates.unread += 1 }
        if article.isStarred { duplicates.starred += 1 }
    }
}
