import ArticleExtractor
import Foundation

/// Which of an article's fields its page's metadata filled, because the feed left them empty: stored with the
/// article (`article.pageFilled`), so that a later fetch of the feed, still without them, keeps them
/// (``MergeFields/keepingPageFields(_:of:titleIsFallback:)``) and a feed that starts giving them wins.
struct PageFill: OptionSet, Sendable, Hashable {
    let rawValue: Int

    /// The title: the feed gave none, and RssCore had made one from the text or the link.
    static let title = PageFill(rawValue: 1)
    /// The author.
    static let author = PageFill(rawValue: 2)
    /// The date published: the feed gave neither a published nor an updated date.
    static let date = PageFill(rawValue: 4)
    /// The lead image, as the article's enclosure: the feed gave none.
    static let image = PageFill(rawValue: 8)
}

/// What a page's metadata gives to an article's empty fields: each value only where the field is empty, so the
/// feed's own values always stay.
struct PageMetadataFill: Sendable, Equatable {
    var title: String?
    var author: String?
    var published: Date?
    var imageURL: String?
    var imageType: String?

    /// Which fields this fills.
    var filled: PageFill {
        var filled: PageFill = []
        if title != nil { filled.insert(.title) }
        if author != nil { filled.insert(.author) }
        if published != nil { filled.insert(.date) }
        if imageURL != nil { filled.insert(.image) }
        return filled
    }

    /// The values of `article` for the fields `target` lacks.
    init(_ article: ExtractedArticle, for target: FullTextTarget) {
        if target.titleIsFallback, let title = article.title?.withoutNUL, !title.isEmpty { self.title = title }
        if target.author == nil, let author = article.author?.withoutNUL, !author.isEmpty { self.author = author }
        if !target.hasDate { published = article.published }
        if !target.hasEnclosure, let image = article.leadImage,
            let scheme = image.scheme?.lowercased(), scheme == "http" || scheme == "https"
        {
            imageURL = image.absoluteString.withoutNUL
            imageType = Self.imageType(of: image)
        }
    }

    init() {}

    /// The image type an address's extension names, nil when it names none.
    static func imageType(of url: URL) -> String? {
        switch url.pathExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "svg": "image/svg+xml"
        default: nil
        }
    }
}
