package import Foundation
import FrontKit
@_spi(Serve) package import RssCore
import Synchronization

/// The libraries the server's accounts read, in one ``/RssCore/LibraryPool``: each request gets its account's
/// library (``library(for:)``), open while the request and its answer need it; the pool keeps every library any
/// account reads current, each feed fetched once for all of them.
package final class ServeLibraries: Sendable {
    package let pool: LibraryPool
    /// The main library: the database the server was started on (`--db`, else the shared one).
    package let main: URL
    package let accounts: AccountBook
    /// The networks `--allow-private` allows, for every user.
    package let serverNetworks: [IPNetwork]
    /// The library files kept current as of the accounts last read.
    private let kept = Mutex<Set<String>>([])

    package init(pool: LibraryPool, main: URL, accounts: AccountBook, serverNetworks: [IPNetwork]) {
        self.pool = pool
        self.main = main
        self.accounts = accounts
        self.serverNetworks = serverNetworks
    }

    /// The library `user` reads, leased for one request, under the user's address policy.
    package func library(for user: String) async throws -> ServeLibrary {
        let current = try accounts.current()
        keepCurrent(current)
        guard let record = current.user(named: user) else { throw APIError.unauthorized }
        let lease = try await pool.lease(file(of: record))
        accounts.noteUse(user)
        return ServeLibrary(lease: lease, policy: record.policy(serverNetworks: serverNetworks))
    }

    /// The database file of `user`'s library.
    package func file(of user: Accounts.User) -> URL {
        user.library.map { URL(fileURLWithPath: $0) } ?? main
    }

    /// Tells the pool which libraries to keep current: the main one and every account's, as `accounts` lists
    /// them (only when that changed).
    package func keepCurrent(_ accounts: Accounts) {
        let files = Set([main.path] + accounts.users.compactMap(\.library))
        let changed = kept.withLock { kept in
            defer { kept = files }
            return kept != files
        }
        if changed { pool.keepCurrent(files.sorted().map { URL(fileURLWithPath: $0) }) }
    }
}
