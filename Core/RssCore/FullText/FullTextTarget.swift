import Foundation

/// What fetching an article's page needs to know of the article, read in one statement: its link, its source's
/// policy, the feed's text (to tell whether it is whole), which fields the page may fill, and what the last
/// fetch of the page left.
struct FullTextTarget: Sendable, Equatable {
    var id: UUID
    var rowid: Int64
    var sourceID: UUID
    /// The article's link, as stored.
    var link: String?
    var summary: String?
    var contentHTML: String?
    /// Whether the feed gave no title (the stored one was made from the text or the link).
    var titleIsFallback: Bool
    var author: String?
    /// Whether the feed gave a published or updated date.
    var hasDate: Bool
    var hasEnclosure: Bool
    /// When this reader first stored it.
    var firstSeenAt: Date
    /// When its full text was fetched or confirmed; nil without one.
    var fullTextAt: Date?
    /// When it was last considered: fetched, failed, or left because the feed carries it whole.
    var checkedAt: Date?
    /// When an automatic fetch may try again after a problem that may pass.
    var retryAt: Date?
    /// The page's validators from the fetch that gave the stored text.
    var etag: String?
    var lastModified: String?
    /// What its source's fetches may reach.
    var policy: AddressPolicy

    /// Whether an automatic fetch (a full-text source after a refresh, a report's `--full-text`) wants its page
    /// at `date`: it has no full text, and it was never considered, or its last problem may have passed.
    func isDue(at date: Date) -> Bool {
        guard fullTextAt == nil else { return false }
        guard checkedAt != nil else { return true }
        return retryAt.map { $0 <= date } ?? false
    }

    /// The page's address: the article's link, when it is `http` or `https`.
    var pageURL: URL? {
        guard let link, let url = URL(string: link), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
