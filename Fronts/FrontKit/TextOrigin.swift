public import Foundation
public import RssCore

/// The one wording of which text of an article a front shows: `full text from example.org, fetched
/// 2025-06-02 10:00`, `feed content`, `feed summary`.
public enum TextOrigin {
    /// What `body` is, the page's host taken from `link` and its fetch date written by `date`.
    public static func phrase(_ body: ArticleBody, link: URL?, date: (Date) -> String) -> String {
        switch body.kind {
        case .page:
            let host = link?.host.map(UserMessage.line) ?? "its page"
            return "full text from \(host)" + (body.pageFetched.map { ", fetched " + date($0) } ?? "")
        case .feedContent: return "feed content"
        case .feedSummary: return "feed summary"
        }
    }
}
