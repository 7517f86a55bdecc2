import GRDB

/// Finding, as an article is stored, an article of another source that is the same story (see
/// `FeedSchema.createStories`): by its normalised link, else by its title and the start of its text within
/// ``StoryText/window``. The keys find candidates; each candidate's signature, made again from what is stored,
/// decides.
///
/// Precision comes first; a link says nothing about the story when:
/// - it names a home page (``StoryLink/isHomePage(_:)``), or
/// - the new article's own source already holds it (a feed that gives one address for many items), or the
///   candidate's source holds it more than once: such a candidate is passed over.
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

    /// The most candidates of one key that are read: more means a key too common to tell a story (a link every
    /// item of a feed gives, a title such as "Links"), of which the first stored are still read.
    static let candidateLimit = 32

    private let byLink: Statement
    private let byTitle: Statement
    private let members: Statement

    init(_ db: Database) throws {
        byLink = try db.cachedStatement(sql: """
            SELECT rowid, sourceId, link, originLink, story, isRead, isStarred, isHidden FROM article
            WHERE linkKey = ? ORDER BY rowid LIMIT \(Self.candidateLimit)
            """)
        byTitle = try db.cachedStatement(sql: """
            SELECT rowid, sourceId, link, originLink, title, summary, contentHTML, story, isRead, isStarred, isHidden
            FROM article WHERE titleKey = ? AND sortDate BETWEEN ? AND ? AND sourceId <> ?
            ORDER BY rowid LIMIT \(Self.candidateLimit)
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
        var bySource: [String: [Match]] = [:]
        var order: [String] = []
        let rows = try Row.fetchCursor(byLink, arguments: [key])
        while let row = try rows.next() {
            let stored = StorySignature(
                link: row["link"], originLink: row["originLink"], title: "", summaryHTML: nil, contentHTML: nil)
            guard stored.link == link else { continue }  // another link with the same key
            let source: String = row["sourceId"]
            if bySource[source] == nil { order.append(source) }
            bySource[source, default: []].append(Self.match(row))
        }
        // The new article's source already has this link: it does not tell one of its items from another.
        guard bySource[sourceID] == nil else { return nil }
        return order.compactMap { source in bySource[source].flatMap { $0.count == 1 ? $0[0] : nil } }
            .min { $0.rowid < $1.rowid }
    }

    private func matchByText(_ signature: StorySignature, sourceID: String, date: Double) throws -> Match? {
        guard let key = signature.titleKey else { return nil }
        var starts: [[String]]?
        let window = StoryText.window
        let rows = try Row.fetchCursor(byTitle, arguments: [key, date - window, date + window, sourceID])
        while let row = try rows.next() {
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
