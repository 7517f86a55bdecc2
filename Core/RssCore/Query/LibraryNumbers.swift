public import Foundation

/// Numbers for the sources and tags, for programs whose clients name them by number (a sync server's apps
/// name feeds and folders so): each is the same for as long as the source or tag exists, in every process on
/// the database, and is never given to another one after it is gone. A tag keeps its number when renamed.
///
/// Read it with ``ReduxVM/Store/libraryNumbers()``; it sees every action dispatched before the call.
@_spi(Serve) public struct LibraryNumbers: Sendable, Equatable {
    /// A tag, with its number.
    @_spi(Serve) public struct Tag: Sendable, Equatable {
        /// The tag, as sources are filed under it.
        @_spi(Serve) public let name: String
        /// Its number (from 1).
        @_spi(Serve) public let number: Int
        /// Whether it exists without sources, made by ``CreateTag`` (until ``DeleteTag``); otherwise it exists
        /// while some source is filed under it.
        let isKept: Bool
    }

    /// The number of every source followed.
    @_spi(Serve) public let sources: [UUID: Int]
    /// Every tag that exists (some source is filed under it, or it is kept), in the order of their names.
    @_spi(Serve) public let tags: [Tag]

    /// The source numbered `number`, if one is.
    @_spi(Serve) public func source(numbered number: Int) -> UUID? {
        sources.first { $0.value == number }?.key
    }

    /// The tag numbered `number`, if one is.
    @_spi(Serve) public func tag(numbered number: Int) -> Tag? {
        tags.first { $0.number == number }
    }

    /// The tag called `name` (exactly), if it exists.
    @_spi(Serve) public func tag(named name: String) -> Tag? {
        tags.first { $0.name == name }
    }
}
