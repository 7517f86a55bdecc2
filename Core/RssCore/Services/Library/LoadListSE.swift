import ReduxVM

/// A list asked for a reload (its generation moved) → read that page → ListLoaded.
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
        service.perform(trunk, id: "list-\(list.rawValue)") { database throws(DatabaseProblem) in
            let window = try database.listArticles(
                current.filter, sort: current.sort, limit: pageSize,
                offset: current.page * pageSize)
            return ListLoaded(
                list: list, generation: current.generation, rows: window.rows, totalCount: window.totalCount)
        }
    }
}
