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
    /// The feed's content as HTML (its full content, else its summary); ``body`` has the page's text too.
    public let contentHTML: String
    /// Media attached to it (podcast episodes, images).
    public let enclosures: [URL]
    /// Whether it is starred.
    public internal(set) var isStarred: Bool
    /// The other sources that carry the same story, in the order their copies were stored, while each story is
    /// shown once (``Settings/showsStoriesOnce``; else empty): a reading view shows "also in" them.
    public var otherSources: [UUID] { storyCopies ?? [] }
    /// ``otherSources``; nil in journals from before stories.
    private var storyCopies: [UUID]?
    /// The story the article belongs to, when other sources carry it (while each story is shown once).
    var story: Int64?
    /// Its text, which fronts render: the page's when it was fetched (``ArticleBody/kind`` says), else the
    /// feed's.
    public var body: ArticleBody { text ?? ArticleBody(summaryHTML: nil, contentHTML: contentHTML) }
    /// ``body``; nil in journals from before full text.
    private var text: ArticleBody?

    init(
        id: UUID, sourceID: UUID, title: String, link: URL?, author: String?, date: Date, contentHTML: String,
        enclosures: [URL], isStarred: Bool, story: Int64? = nil, otherSources: [UUID] = [], body: ArticleBody? = nil
    ) {
        text = body
        self.story = story
        storyCopies = otherSources.isEmpty ? nil : otherSources
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

    /// Shows the page's text, fetched at `date`, as the article's.
    mutating func showPage(_ html: String, fetched date: Date) {
        text = body.withPage(html, fetched: date)
    }

    /// Notes that the page's text, which the article shows, was found unchanged at `date`.
    mutating func confirmPage(at date: Date) {
        guard let html = text?.pageHTML else { return }
        text = body.withPage(html, fetched: date)
    }
}
