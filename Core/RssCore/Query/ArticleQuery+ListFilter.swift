extension ArticleQuery {
    /// The articles a news list with `filter` shows, in `order`: what the list's pages are filtered with.
    init(_ filter: ListFilter, order: Order = .newestFirst) {
        self.init(
            sourceIDs: filter.sourceID.map { [$0] }, tags: filter.tag.map { [$0] },
            isRead: filter.marks == .unread ? false : nil,
            isStarred: filter.marks == .starred ? true : nil,
            searchText: filter.searchText, order: order)
        self.filter = filter.query?.filter
    }
}
