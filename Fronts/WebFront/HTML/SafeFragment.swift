import ArticleExtractor
import Foundation

/// An article's HTML made safe for a page by the extractor's writer (no script, style, form, event handler,
/// `<base>`, `<meta>`, or `javascript:`/`data:` link; tracking pixels dropped; links and images isolated):
/// the only way HTML from a feed or a page reaches the web front's pages (``HTML/init(_:)``).
struct SafeFragment: Sendable {
    /// The safe markup.
    let markup: String

    /// `html` (a feed's content, or an article's text) made safe, its relative addresses resolved against
    /// `baseURL`; the extractor's problem when it is over a limit.
    init(html: String, baseURL: URL?, images: MediaProxy) throws(ExtractionProblem) {
        let options = SafeHTMLOptions(dropsTrackingPixels: true, isolatesLinks: true, imageAddress: images.imageAddress)
        markup = try ArticleExtractor().safeHTML(fragment: html, baseURL: baseURL, options: options)
    }
}
