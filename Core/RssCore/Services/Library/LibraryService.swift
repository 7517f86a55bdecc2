import Foundation
import ReduxVM

/// Keeps the state and the database in step: reads at start, reads list pages and articles, writes marks,
/// sources and settings.
///
/// Every database call runs in a tracked task, off the store's executor; results come back as actions.
final class LibraryService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let now: @Sendable () -> Date

    init(database: FeedDatabase, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    var sideEffects: [any SideEffect<LibraryService>] {
        [
            StartSE(), LoadListSE(list: .first), LoadListSE(list: .second), LoadArticleSE(), SaveMarksSE(),
            SaveSourceSE(), RemoveSourceSE(), SaveSettingsSE(),
        ]
    }

    /// Runs `work` against the database in a tracked task; a storage error becomes a notice.
    func perform(
        _ trunk: Trunk<RssState>, id: String? = nil,
        _ work: @escaping @Sendable (FeedDatabase) throws(StorageError) -> (any Action<RssState>)?
    ) {
        let database = self.database
        let now = self.now
        let body: @Sendable (Trunk<RssState>) async -> Void = { trunk in
            do throws(StorageError) {
                if let action = try work(database), !Task.isCancelled { trunk.dispatch(action) }
            } catch {
                trunk.dispatch(OperationFailed(message: error.description, date: now()))
            }
        }
        if let id {
            trunk.run(id: id, cancellingInFlight: true, operation: body)
        } else {
            trunk.run(operation: body)
        }
    }
}
