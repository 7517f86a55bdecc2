public import Foundation
public import ReduxVM

/// A library of a ``LibraryPool`` in use: its store stays open while the lease lives (while a request is
/// answered, a response is written, a refresh stores into it), and is given back when the lease goes.
@_spi(Serve) public final class LibraryLease: Sendable {
    /// The library's store.
    @_spi(Serve) public let store: Store<RssState>
    /// Its database file.
    @_spi(Serve) public let file: URL
    private let pool: LibraryPool

    init(store: Store<RssState>, file: URL, pool: LibraryPool) {
        self.store = store
        self.file = file
        self.pool = pool
    }

    deinit {
        pool.release(file.standardizedFileURL.path)
    }
}
