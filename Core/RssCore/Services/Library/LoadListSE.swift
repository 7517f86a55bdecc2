import ReduxVM

/// A list asked for a reload (its generation moved) → resolve the page it asked for (see ``PageRequest``) and
/// read it (the last one, when the list has fewer pages now) → ListLoaded.
///
/// One side effect per list, so that each list's reads replace only its own older reads.
struct LoadListSE: SideEffect {
    let list: ListID

    func condition(box: StateBox<RssState>) -> Bool {
        let keyPath: KeyPath<RssState, Int> = list == .first ? \.lists.first.generation : \.lists.second.generation
        return !box.isInitialDelivery && box.isNew(keyPath: keyPath) && box.state.lists[list].isLoading
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        let list = self.list
        let current = box.state.lists[list]
        let pageSize = box.state.settings.pageSize
        let storiesOnce = box.state.settings.showsStoriesOnce
        let pages = service.pagesRead
        let database = service.database
        let now = service.now
        // A read superseded before its turn still resolves its page (counting, not reading rows), since the
        // next read's move starts from there.
        trunk.run(id: "list-\(list.rawValue)", cancellingInFlight: true, in: DatabaseLane.lane) { trunk in
            let previous = pages.withLock { $0[list] ?? 0 }
            do throws(DatabaseProblem) {
                let window = try database.listPage(
                    current.filter, sort: current.sort, page: current.pageRequest.page(after: previous),
                    pageSize: pageSize, readingRows: !Task.isCancelled, showingStoriesOnce: storiesOnce)
                let page = window.offset / max(1, pageSize)
                pages.withLock { $0[list] = page }
                if Task.isCancelled { return }
                trunk.dispatch(
                    ListLoaded(
                        list: list, generation: current.generation, page: page, rows: window.rows,
                        totalCount: window.totalCount, isTotalCapped: window.isCountCapped))
            } catch {
                trunk.dispatch(ProblemOccurred(problem: .database(error), date: now()))
            }
        }
    }
}
