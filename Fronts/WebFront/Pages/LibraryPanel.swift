import Foundation
import RssCore

/// The library beside a list: its tags and sources with their unread counts, and its saved queries, each a
/// link to its list (keeping the list's marks).
struct LibraryPanel: Sendable {
    /// The most sources listed: a library of thousands lists those with unread articles first, and links to
    /// the sources' page for the rest.
    static let sourcesShown = 300
    /// The most tags listed: those with unread articles first.
    static let tagsShown = 300

    let html: HTML

    init(state: RssState, selection: ListSelection) {
        let marks = selection.marks
        let unread = state.counts.unreadBySource
        let sources = state.sources.all
        var tagUnread: [String: Int] = [:]
        for source in sources {
            for tag in source.tags { tagUnread[tag, default: 0] += unread[source.id] ?? 0 }
        }
        let allTags = state.sources.tags
        let shownTags = allTags.count <= Self.tagsShown
            ? allTags : Array(allTags.filter { (tagUnread[$0] ?? 0) > 0 }.prefix(Self.tagsShown))
        let tags = shownTags.map { tag -> HTML in
            var target = ListSelection(marks: marks)
            target.tag = tag
            return Self.row(tag, count: tagUnread[tag] ?? 0, link: target.link, current: selection.tag == tag)
        }
        let shown = sources.count <= Self.sourcesShown
            ? sources : Array(sources.filter { (unread[$0.id] ?? 0) > 0 }.prefix(Self.sourcesShown))
        let sourceRows = shown.map { source -> HTML in
            var target = ListSelection(marks: marks)
            target.source = source.id
            return Self.row(source.title, count: unread[source.id] ?? 0, link: target.link, current: selection.source == source.id)
        }
        let queries = state.rules.queries.map { query -> HTML in
            var target = ListSelection(marks: .all)
            target.saved = query.name
            let current: HTML = selection.saved == query.name ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(target.link)\"\(current)>\(query.name)</a></li>"
        }
        let more: HTML = shown.count < sources.count
            ? "<p>\(sources.count - shown.count) more without unread articles.</p>" : .empty
        let moreTags: HTML = shownTags.count < allTags.count
            ? "<p>\(allTags.count - shownTags.count) more tags without unread articles.</p>" : .empty
        html = """
            <aside class="library" aria-label="Library">
            \(tags.isEmpty ? HTML.empty : "<h2 id=\"tags-heading\">Tags</h2><ul aria-labelledby=\"tags-heading\">\(each: tags)</ul>\(moreTags)")
            <h2 id="sources-heading">Sources</h2>
            <ul aria-labelledby="sources-heading">\(each: sourceRows)</ul>\(more)
            \(queries.isEmpty ? HTML.empty : "<h2 id=\"queries-heading\">Saved queries</h2><ul aria-labelledby=\"queries-heading\">\(each: queries)</ul>")
            </aside>
            """
    }

    private static func row(_ name: String, count: Int, link: WebLink, current: Bool) -> HTML {
        let currentAttribute: HTML = current ? " aria-current=\"page\"" : ""
        let countText: HTML = count > 0 ? "<span class=\"count\">\(count)<span class=\"visually-hidden\"> unread</span></span>" : .empty
        return "<li><a href=\"\(link)\"\(currentAttribute)>\(name)</a>\(countText)</li>"
    }
}
