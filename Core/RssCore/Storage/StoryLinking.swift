import GRDB

/// Finding, as an article is stored, an article of another source that is the same story (see
/// `FeedSchema.createStories`): by its normalised link, else by its title and the start of its text within
/// ``StoryText/window``. The keys find candidates; each candidate's signature, made again from what is stored,
/// decides.
///
/// Precision comes first; a link says nothing about the story when:
/// - it names a home page (``StoryLink/isHomePage(_:)``), or
/// - the new article's own source already holds it (a feed that gives one address for many items), or more than
///   ``linkHolderLimit`` articles do, or the candidate's source holds it more than once: such a candidate is
///   passed over.
///
/// By text, a candidate on the same host as the new article but at another address is passed over too, and so is
/// one whose story has such a copy: one site's two pages that share a title and an opening are a template, not
/// one story, and a copy elsewhere that starts like both does not make them one.
struct StoryLinking {
    /// A stored article that a new one is the same story as: the story it joins and the marks it has.
    struct Match: Equatable {
        let rowid: Int64
        let story: Int64?
        let isRead: Bool
        let isStarred: Bool
        let isHidden: Bool

        /// The story's name: the first copy's rowid.
        var storyNumber: Int64 { story ?? rowid }
    }

    /// The most articles of one title that are read (of a title such as "Links", the first stored).
    static let candidateLimit = 32
    /// The most articles that may share a link: a story carried by more sources than that is rare, and a link
    /// more articles have is more likely an address every item of some feed gives.
    static let linkHolderLimit = 8

    private let linkHolders: Statement
    private let linkCopies: Statement
    private let byLink: Statement
    private let titleHolders: Statement
    private let byTitle: Statement
    private let members: Statement

    init(_ db: Database) throws {
        // From the key's index alone (it holds the source, and the rowid as every index does).
        // How many articles hold the key (up to one more than the limit), or -1 when the new article's source
        // does: one number, read without making a row.
        linkHolders = try db.cachedStatement(sql: """
            SELECT CASE WHEN sum(sourceId = ?) > 0 THEN -1 ELSE count(*) END
            FROM (SELECT sourceId FROM article WHERE linkKey = ? LIMIT \(Self.linkHolderLimit + 1))
            """)
        linkCopies = try db.cachedStatement(sql: """
            SELECT min(rowid) FROM article WHERE linkKey = ? GROUP BY sourceId HAVING count(*) = 1 ORDER BY 1
            """)
        byLink = try db.cachedStatement(sql: """
            SELECT rowid, sourceId, link, originLink, story, isRead, isStarred, isHidden FROM article WHERE rowid = ?
            """)
        // The candidates' rowids from the key's index alone (most titles have none), then each one's row.
        titleHolders = try db.cachedStatement(sql: """
            SELECT rowid FROM article WHERE titleKey = ? AND sortDate BETWEEN ? AND ? AND sourceId <> ?
            ORDER BY rowid LIMIT \(Self.candidateLimit)
            """)
        byTitle = try db.cachedStatement(sql: """
            SELECT rowid, sourceId, link, originLink, title, summary, contentHTML, story, isRead, isStarred, isHidden
            FROM article WHERE rowid = ?
            """)
        members = try db.cachedStatement(sql: "SELECT link, originLink FROM article WHERE story = ?")
    }

    /// The first stored article of another source than `sourceID` that `signature`, dated `date`, is the same
    /// story as; nil when there is none.
    func match(for signature: StorySignature, sourceID: String, date: Double) throws -> Match? {
        if let found = try matchByLink(signature, sourceID: sourceID) { return found }
        return try matchByText(signature, sourceID: sourceID, date: date)
    }

    private func matchByLink(_ signature: StorySignature, sourceID: String) throws -> Match? {
        guard let link = signature.link, let key = signature.linkKey else { return nil }
        // Most links are new: one look at the key's index says so. The new article's source already having this
        // link (or a key like it) says it does not tell one of its items from another; a link too many articles
        // share says nothing either.
        let holders = try Int.fetchOne(linkHolders, arguments: [sourceID, key]) ?? 0
        guard (1...Self.linkHolderLimit).contains(holders) else { return nil }
        // A source that holds it once: its copy, first stored first, read and compared whole.
        for rowid in try Int64.fetchAll(linkCopies, arguments: [key]) {
            guard let row = try Row.fetchOne(byLink, arguments: [rowid]) else { continue }
            let stored = StorySignature(
                link: row["link"], originLink: row["originLink"], title: "", summaryHTML: nil, contentHTML: nil)
            if stored.link == link { return Self.match(row) }  // else another link with the same key
        }
        return nil
    }

    private func matchByText(_ signature: StorySignature, sourceID: String, date: Double) throws -> Match? {
        guard let key = signature.titleKey else { return nil }
        var starts: [[String]]?
        let window = StoryText.window
        let candidates = try Int64.fetchAll(titleHolders, arguments: [key, date - window, date + window, sourceID])
        for rowid in candidates {
            guard let row = try Row.fetchOne(byTitle, arguments: [rowid]) else { continue }
            let stored = StorySignature(
                link: row["link"], originLink: row["originLink"], title: row["title"], summaryHTML: row["summary"],
                contentHTML: row["contentHTML"])
            if Self.isAnotherPage(of: signature.link, than: stored.link) { continue }  // one site's two pages
            // The new article's text is read once, and only when a candidate has its title.
            let mine = starts ?? signature.textStarts()
            starts = mine
            guard signature.sameStoryByText(as: stored, starts: mine) else { continue }
            let match = Self.match(row)
            if let story = match.story, try storyHasAnotherPage(story, of: signature.link) { continue }
            return match
        }
        return nil
    }

    /// Whether a copy of `story` is another page of the site at `link`.
    private func storyHasAnotherPage(_ story: Int64, of link: String?) throws -> Bool {
        guard link != nil else { return false }
        let rows = try Row.fetchCursor(members, arguments: [story])
        while let row = try rows.next() {
            let member = StorySignature(
                link: row["link"], originLink: row["originLink"], title: "", summaryHTML: nil, contentHTML: nil)
            if Self.isAnotherPage(of: link, than: member.link) { return true }
        }
        return false
    }

    /// Whether two normalised links are two pages of one host.
    private static func isAnotherPage(of mine: String?, than theirs: String?) -> Bool {
        guard let mine, let theirs, mine != theirs else { return false }
        return StoryLink.host(ofNormalised: mine) == StoryLink.host(ofNormalised: theirs)
    }

    private static func match(_ row: Row) -> Match {
        Match(
            rowid: row["rowid"], story: row["story"], isRead: row["isRead"], isStarred: row["isStarred"],
            isHidden: row["isHidden"])
    }
}
