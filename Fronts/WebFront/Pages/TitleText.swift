/// An article's title as a page shows it: "(untitled)" for none, and cut with an ellipsis past a length no
/// real title reaches, so that a feed's megabyte of title costs neither the page's weight nor its layout.
enum TitleText {
    /// The longest title a list shows.
    static let listLength = 300
    /// The longest title an article's page shows.
    static let pageLength = 2_000

    static func shown(_ title: String, limit: Int) -> String {
        if title.isEmpty { return "(untitled)" }
        guard title.count > limit else { return title }
        return String(title.prefix(limit)) + "…"
    }
}
