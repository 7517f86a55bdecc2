public import Foundation

/// The article being read: everything a reading view shows.
public struct ArticleContent: Sendable, Equatable, Identifiable, Codable {
    /// The article's identifier.
    public let id: UUID
    /// The source it came from.
    public let sourceID: UUID
    /// Its title.
    public let title: String
    /// Its link, if any.
    public let link: URL?
    /// Its author, if any.
    public let author: String?
    /// When it was published (or first seen).
    public let date: Date
    /// Its content as HTML (the feed's full content, else its summary); fronts render it.
    public let contentHTML: String
    /// Media attached to it (podcast episodes, images).
    public let enclosures: [URL]
    /// Whether it is starred.
    public internal(set) var isStarred: Bool

    init(
        id: UUID, sourceID: UUID, title: String, link: URL?, author: String?, date: Date, contentHTML: String,
        enclosures: [URL], isStarred: Bool
    ) {
        self.id = id
        self.sourceID = sourceID
        self.title = title
        self.link = link
        self.author = author
        self.date = date
        self.contentHTML = contentHTML
        self.enclosures = enclosures
        self.isStarred = isStarred
    }
}
