import Foundation
import RssCore

/// The library as Nextcloud clients name it, at one moment: feeds are sources and folders are tags, both by
/// the numbers RssCore keeps for them (``/RssCore/LibraryNumbers``: never given again, a tag's kept across
/// renames). A feed is in one folder: its source's first tag (as a Miniflux category is); sources filed under
/// more tags are in none of the others as far as these clients see.
struct NextcloudDirectory: Sendable {
    /// The sources that have a number, in display order.
    let sources: [Source]
    /// The folders, in the order of their names.
    let folders: [LibraryNumbers.Tag]
    // Lookups both ways, made once per request.
    private let numberOfSource: [UUID: Int]
    private let sourceOfNumber: [Int: Source]
    private let folderOfNumber: [Int: LibraryNumbers.Tag]
    private let numberOfFolder: [String: Int]

    /// The directory of `all` sources and the tags, by `numbers`.
    init(sources all: [Source], numbers: LibraryNumbers) {
        numberOfSource = numbers.sources
        sources = all.filter { numbers.sources[$0.id] != nil }
        sourceOfNumber = Dictionary(sources.map { (numbers.sources[$0.id] ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
        folders = numbers.tags
        folderOfNumber = Dictionary(numbers.tags.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        numberOfFolder = Dictionary(numbers.tags.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
    }

    /// The directory of the library as the database has it now, other processes' changes included.
    static func current(_ library: ServeLibrary) async throws -> NextcloudDirectory {
        await library.catchUp()
        let numbers = try await library.numbers()
        return NextcloudDirectory(sources: library.sources, numbers: numbers)
    }

    /// A source's feed id.
    func number(of source: UUID) -> Int? { numberOfSource[source] }

    /// The source whose feed id is `number`.
    func source(_ number: Int64) -> Source? {
        Int(exactly: number).flatMap { sourceOfNumber[$0] }
    }

    /// The folder numbered `number`.
    func folder(_ number: Int64) -> LibraryNumbers.Tag? {
        Int(exactly: number).flatMap { folderOfNumber[$0] }
    }

    /// The folder called `name` exactly.
    func folder(named name: String) -> LibraryNumbers.Tag? {
        numberOfFolder[name].flatMap { folderOfNumber[$0] }
    }

    /// The folder a source's feed is in: its first tag that has a number; nil for the root.
    func folderID(of source: Source) -> Int? {
        source.tags.lazy.compactMap { numberOfFolder[$0] }.first
    }

    /// The sources whose feeds are in folder `number` (nil: the root, feeds in no folder).
    func sources(inFolder number: Int?) -> [Source] {
        sources.filter { folderID(of: $0) == number }
    }
}
