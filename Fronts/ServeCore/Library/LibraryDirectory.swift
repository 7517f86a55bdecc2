package import Foundation
@_spi(Serve) package import RssCore

/// One account's library as every API family names it, at one moment: its sources and tags by the numbers RssCore
/// keeps for them (``/RssCore/LibraryNumbers``: the same in every run, never given to another), both ways. Each
/// family adapts it thinly (Google Reader's `feed/N`, Miniflux's categories, Nextcloud's folders, Fever's
/// groups), so that what a source or tag is to a client is decided here once.
///
/// A source without a number yet (one added this very instant) is in none of its lists: no family shows a feed
/// it could not name again.
package struct LibraryDirectory: Sendable {
    /// The sources that have a number, in display order.
    package let sources: [Source]
    /// Every tag in use or kept, in the order of their names.
    package let tags: [LibraryNumbers.Tag]
    private let numberOfSource: [UUID: Int]
    private let sourceOfNumber: [Int: Source]
    private let sourceOfID: [UUID: Source]
    private let tagOfNumber: [Int: LibraryNumbers.Tag]
    private let tagOfName: [String: LibraryNumbers.Tag]

    /// The directory of `all` sources and the tags, by `numbers`.
    package init(sources all: [Source], numbers: LibraryNumbers) {
        numberOfSource = numbers.sources
        sources = all.filter { numbers.sources[$0.id] != nil }
        sourceOfNumber = Dictionary(sources.map { (numbers.sources[$0.id] ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
        sourceOfID = Dictionary(sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        tags = numbers.tags
        tagOfNumber = Dictionary(numbers.tags.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        tagOfName = Dictionary(numbers.tags.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The directory of `library` as its database has it now, other processes' changes included.
    package static func load(_ library: ServeLibrary) async throws -> LibraryDirectory {
        await library.catchUp()
        let numbers = try await library.numbers()
        return LibraryDirectory(sources: library.sources, numbers: numbers)
    }

    /// The number of the source `id`, nil when it has none (gone, or not numbered yet).
    package func number(of id: UUID) -> Int? { numberOfSource[id] }

    /// The source numbered `number`.
    package func source(numbered number: Int64) -> Source? {
        Int(exactly: number).flatMap { sourceOfNumber[$0] }
    }

    /// The source `id`, when it has a number.
    package func source(id: UUID) -> Source? { sourceOfID[id] }

    /// The source followed at `address` (its URL's exact text).
    package func source(address: String) -> Source? {
        sources.first { $0.url.absoluteString == address }
    }

    /// The tag numbered `number`.
    package func tag(numbered number: Int64) -> LibraryNumbers.Tag? {
        Int(exactly: number).flatMap { tagOfNumber[$0] }
    }

    /// The tag called `name` exactly.
    package func tag(named name: String) -> LibraryNumbers.Tag? { tagOfName[name] }

    /// The sources filed under `tag`.
    package func sources(taggedWith tag: String) -> [Source] {
        sources.filter { $0.tags.contains(tag) }
    }

    /// The tag a source is filed under first: its folder or category where a client has one per feed.
    package func firstTag(of source: Source) -> LibraryNumbers.Tag? {
        source.tags.lazy.compactMap { tagOfName[$0] }.first
    }

    /// The sources whose first tag is the one numbered `number`; nil: those filed under none.
    package func sources(firstTagged number: Int?) -> [Source] {
        sources.filter { firstTag(of: $0)?.number == number }
    }
}
