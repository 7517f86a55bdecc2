import RssCore

/// What every page of a signed-in person shares: the bar with the lists, the search and the account's
/// links, the library beside the content, the key list, and the document around it all.
struct PageFrame: Sendable {
    /// The page's title (the document's `<title>` says it, then the server's name).
    var title: String
    /// The signed-in account.
    var user: String
    /// The forms' anti-forgery token.
    var csrf: String
    /// The list the page belongs to, for the bar and the search (nil for pages of no list).
    var selection: ListSelection?
    /// The library beside the content, or nil for pages that show none (the sessions).
    var library: LibraryPanel?

    /// The whole document around `content`.
    func page(_ content: HTML) -> HTML {
        Self.document(title: title, body: """
            <a class="skip" href="#main">Skip to the content</a>
            \(bar)
            <div class="layout"><main id="main" tabindex="-1">\(content)</main>\(library.map(\.html))</div>
            \(KeyList.dialog)
            """)
    }

    /// A whole document: the head every page has (the style sheet, the script, the viewport) and `body`.
    static func document(title: String, body: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="referrer" content="no-referrer">
        <title>\(title) · rss-serve</title>
        <link rel="icon" href="\(WebAsset.icon.link)" type="image/svg+xml">
        <link rel="stylesheet" href="\(WebAsset.styleSheet.link)">
        <script src="\(WebAsset.script.link)" defer></script>
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    private var bar: HTML {
        let current = selection?.marks
        let lists = ListSelection.Marks.allCases.map { marks -> HTML in
            let key: HTML = switch marks {
            case .unread: "gu"
            case .starred: "gs"
            case .all: "ga"
            }
            let link = (selection ?? ListSelection()).with(marks: marks).link
            let currentAttribute: HTML = marks == current ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(link)\" data-key=\"\(key)\"\(currentAttribute)>\(marks.title)</a></li>"
        }
        let searchMarks = selection?.marks ?? .all
        return """
            <header class="bar">
            <a class="brand" href="\(WebLink(path: WebPath.list(.unread)))">rss-serve</a>
            <nav aria-label="Lists"><ul>\(each: lists)</ul></nav>
            <form class="search" role="search" method="get" action="\(WebLink(path: WebPath.list(searchMarks)))">
            <input id="search" type="search" name="q" value="\(selection?.search)" placeholder="Search" aria-label="Search articles" maxlength="\(ListSelection.searchLength)">
            <button type="submit">Search</button>
            </form>
            <nav aria-label="Account"><ul>
            <li><a href="\(WebLink(path: WebPath.sources))">Sources</a></li>
            <li><a href="\(WebLink(path: WebPath.rules))">Rules</a></li>
            <li><a href="\(WebLink(path: WebPath.settings))">Settings</a></li>
            <li><a href="\(WebLink(path: WebPath.sessions))">Sessions</a></li>
            <li><form class="inline" method="post" action="\(WebLink(path: WebPath.logout))">
            <input type="hidden" name="csrf" value="\(csrf)">
            <button type="submit">Sign out \(user)</button></form></li>
            </ul></nav>
            </header>
            """
    }
}
