import ReduxVM

/// OpenArticle / SetRead / SetStarred / MarkAllRead → write the marks → CountsLoaded.
///
/// The reducers already changed both lists and the counts; the counts read back afterwards correct the
/// cases a reducer cannot count (articles not on any visible page).
struct SaveMarksSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: (any MarksTag).self) && box.lastAction(is: (any MarkWriting).self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let action = box.lastAction(as: (any MarkWriting).self) else { return }
        service.perform(trunk) { database throws(StorageError) in
            try action.write(to: database)
            return CountsLoaded(counts: try database.articleCounts())
        }
    }
}

/// An action whose marks must reach the database.
protocol MarkWriting: Sendable {
    func write(to database: FeedDatabase) throws(StorageError)
}

extension OpenArticle: MarkWriting {
    func write(to database: FeedDatabase) throws(StorageError) {
        _ = try database.setRead(true, articleIDs: [id])
    }
}

extension SetRead: MarkWriting {
    func write(to database: FeedDatabase) throws(StorageError) {
        _ = try database.setRead(isRead, articleIDs: ids)
    }
}

extension SetStarred: MarkWriting {
    func write(to database: FeedDatabase) throws(StorageError) {
        _ = try database.setStarred(isStarred, articleIDs: [id])
    }
}

extension MarkAllRead: MarkWriting {
    func write(to database: FeedDatabase) throws(StorageError) {
        _ = try database.markAllRead(sourceID: sourceID)
    }
}
