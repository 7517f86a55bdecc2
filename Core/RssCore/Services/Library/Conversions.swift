import FeedParser
import Foundation

// Mappings between the stored records and the public state values.

extension Source {
    init(stored: StoredSource) {
        let feedTitle = stored.title.isEmpty ? SourceURL.provisionalTitle(URL(string: stored.url)) : stored.title
        self.init(
            id: stored.id,
            url: URL(string: stored.url) ?? URL(fileURLWithPath: "/"),
            title: stored.customTitle ?? feedTitle,
            siteLink: stored.siteLink.flatMap(URL.init(string:)),
            tags: stored.tags, isEnabled: stored.isEnabled, addedAt: stored.addedAt,
            status: FetchStatus(stored: stored.fetchStatus), refreshInterval: stored.refreshInterval,
            feedTitle: stored.customTitle == nil ? nil : feedTitle, addressPolicy: stored.addressPolicy,
            isFullText: stored.isFullText, iconURL: stored.iconURL.flatMap(URL.init(string:)))
    }
}

extension StoredSource {
    init(_ source: Source, sortOrder: Int) {
        self.init(
            id: source.id, url: source.url.absoluteString, title: source.feedTitle ?? source.title,
            siteLink: source.siteLink?.absoluteString, tags: source.tags, isEnabled: source.isEnabled,
            addedAt: source.addedAt, sortOrder: sortOrder, refreshInterval: source.refreshInterval,
            customTitle: source.customTitle, addressPolicy: source.addressPolicy, isFullText: source.isFullText)
        iconURL = source.iconURL?.absoluteString
    }
}

extension FetchStatus {
    init(stored: StoredFetchStatus) {
        self.init(
            lastSuccess: stored.lastSuccessAt,
            lastError: stored.lastError?.error,
            nextAttemptAfter: stored.nextAttemptAt,
            lastAttempt: stored.lastAttemptAt,
            consecutiveFailures: stored.failureCount, backingOffUntil: stored.backoffUntil,
            pendingMove: stored.pendingMoveURL.flatMap(URL.init(string:)), hints: stored.hints)
    }
}

extension ArticleContent {
    init(stored: StoredArticle) {
        self.init(
            id: stored.id, sourceID: stored.sourceID, title: stored.title,
            link: stored.link.flatMap(URL.init(string:)), author: stored.author, date: stored.sortDate,
            contentHTML: stored.contentHTML ?? stored.summary ?? "",
            enclosures: stored.enclosureURL.flatMap(URL.init(string:)).map { [$0] } ?? [],
            isStarred: stored.isStarred, story: stored.story, otherSources: stored.otherSources,
            body: ArticleBody(
                summaryHTML: stored.summary, contentHTML: stored.contentHTML, pageHTML: stored.pageHTML,
                pageFetched: stored.pageFetched))
    }
}

extension FetchedItem {
    /// An item as the parser gave it, ready to merge: a title is always present (the summary's start or the
    /// link stands in), dates keep their instant (the original offset is for display only), no text holds
    /// a NUL (see ``Swift/String/withoutNUL``), and the other forms of its id come along.
    init(_ item: FeedItem) {
        let title = item.title?.withoutNUL.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        self.init(
            stableID: item.id.withoutNUL,
            title: title.isEmpty
                ? FetchedItem.fallbackTitle(summary: item.summary, contentHTML: item.contentHTML, link: item.link)
                    .withoutNUL
                : title,
            link: item.link?.withoutNUL, author: item.authors.first?.displayString.withoutNUL,
            publishedAt: item.published?.date, updatedAt: item.updated?.date,
            summary: item.summary?.withoutNUL, contentHTML: item.contentHTML?.withoutNUL,
            enclosureURL: item.enclosures.first?.url.withoutNUL,
            enclosureType: item.enclosures.first?.mimeType?.withoutNUL,
            categories: item.categories.map(\.withoutNUL), originLink: item.originLink?.withoutNUL)
        titleIsFallback = title.isEmpty
        forms = ItemIdentity.forms(of: item).map {
            ItemIdentity.Forms(
                publisherID: $0.publisherID.withoutNUL, byLink: $0.byLink.withoutNUL,
                byLinkAndTitle: $0.byLinkAndTitle.withoutNUL)
        }
    }

    /// The start of the item's text (its summary, else its content: JSON Feed items with only
    /// `content_text` and Atom entries with only `<content>` read the same as RSS items with only a
    /// description), else its link, else "(untitled)".
    static func fallbackTitle(summary: String?, contentHTML: String?, link: String?) -> String {
        for html in [summary, contentHTML] {
            let text = html.map { SearchText.plain(html: $0) }?
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if let text, !text.isEmpty { return String(text.prefix(80)) }
        }
        return link ?? "(untitled)"
    }
}

extension Settings {
    /// Settings as stored (key → text). Values are checked as ``ChangeSetting`` checks them: a file written by
    /// another program (or an older version) with an unreadable or out-of-range value keeps the default.
    init(stored: [String: String]) {
        self.init()
        func optional(_ key: String) -> Int?? {
            guard let text = stored[key] else { return .none }
            if text == "off" { return .some(nil) }
            return Int(text).map { .some($0) } ?? .none
        }
        var changes: [SettingChange] = []
        if let value = optional(Key.refreshInterval) { changes.append(.refreshInterval(value)) }
        if let size = stored[Key.pageSize].flatMap(Int.init) { changes.append(.pageSize(size)) }
        if let value = optional(Key.retentionDays) { changes.append(.retentionDays(value)) }
        if let value = optional(Key.retentionPerSource) { changes.append(.retentionPerSource(value)) }
        switch stored[Key.showsStoriesOnce] {
        case "on": changes.append(.showsStoriesOnce(true))
        case "off": changes.append(.showsStoriesOnce(false))
        default: break
        }
        for change in changes where change.isInRange { apply(change) }
    }

    enum Key {
        static let refreshInterval = "refreshInterval"
        static let pageSize = "pageSize"
        static let retentionDays = "retentionDays"
        static let retentionPerSource = "retentionPerSource"
        static let showsStoriesOnce = "showsStoriesOnce"
    }

    /// The stored form of one change: its key and text (nil removes the key, meaning "off").
    static func stored(_ change: SettingChange) -> (key: String, value: String?) {
        switch change {
        case .refreshInterval(let seconds): (Key.refreshInterval, seconds.map(String.init) ?? "off")
        case .pageSize(let size): (Key.pageSize, String(size))
        case .retentionDays(let days): (Key.retentionDays, days.map(String.init))
        case .retentionPerSource(let count): (Key.retentionPerSource, count.map(String.init))
        case .showsStoriesOnce(let once): (Key.showsStoriesOnce, once ? "on" : "off")
        }
    }
}
