import RssCore

extension RssState {
    /// Neither list is being read from the database.
    var listsSettled: Bool { !lists.first.isLoading && !lists.second.isLoading }
}
