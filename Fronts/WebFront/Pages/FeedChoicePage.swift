import Foundation
import RssCore
import ServeCore

/// The feeds a site offers, to choose the one to follow (a site that offers one is followed at once).
struct FeedChoicePage: Sendable {
    let frame: PageFrame
    let page: String
    let feeds: [FoundFeed]
    let tags: String

    var html: HTML {
        let choices = feeds.enumerated().map { index, feed -> HTML in
            let checked: HTML = index == 0 ? " checked" : ""
            let format: HTML = feed.format.map { " <span class=\"meta\">(\(Self.name(of: $0)))</span>" } ?? .empty
            return """
                <li><label><input type="radio" name="address" value="\(feed.url.absoluteString)"\(checked)> \
                \(feed.title ?? feed.url.absoluteString)\(format)<br><span class="meta">\(feed.url.absoluteString)</span></label></li>
                """
        }
        return frame.page("""
            <h1>Choose a feed</h1>
            <p>\(page) offers \(feeds.count) feeds.</p>
            <form class="stacked" method="post" action="\(WebLink(path: WebPath.addSource))">
            \(FormField.csrf(frame.csrf))\(FormField.hidden("chosen", "1"))
            <fieldset><legend>Feeds</legend><ul class="choices">\(each: choices)</ul></fieldset>
            <label>Tags (comma-separated) <input name="tags" value="\(tags)"></label>
            <button class="primary" type="submit">Follow this feed</button>
            </form>
            """)
    }

    private static func name(of format: DiscoveredFeed.Format) -> String {
        switch format {
        case .rss: "RSS"
        case .atom: "Atom"
        case .json: "JSON Feed"
        }
    }
}
