import Foundation
@_spi(Serve) import RssCore
import ServeCore

/// The library as Nextcloud clients name it (``/ServeCore/LibraryDirectory``, adapted): feeds are sources and folders are
/// tags. A feed is in one folder: its source's first tag (as a Miniflux category is); sources filed under more
/// tags are in none of the others as far as these clients see.
struct NextcloudDirectory: Sendable {
    let library: LibraryDirectory

    /// The directory of the library as the database has it now, other processes' changes included.
    static func current(_ library: ServeLibrary) async throws -> NextcloudDirectory {
        NextcloudDirectory(library: try await LibraryDirectory.load(library))
    }

    /// The sources, in display order.
    var sources: [Source] { library.sources }

    /// The folders, in the order of their names.
    var folders: [LibraryNumbers.Tag] { library.tags }

    /// A source's feed id.
    func number(of source: UUID) -> Int? { library.number(of: source) }

    /// The source whose feed id is `number`.
    func source(_ number: Int64) -> Source? { library.source(numbered: number) }

    /// The folder numbered `number`.
    func folder(_ number: Int64) -> LibraryNumbers.Tag? { library.tag(numbered: number) }

    /// The folder called `name` exactly.
    func folder(named name: String) -> LibraryNumbers.Tag? { library.tag(named: name) }

    /// The folder a source's feed is in: its first tag; nil for the root.
    func folderID(of source: Source) -> Int? { library.firstTag(of: source)?.number }

    /// The sources whose feeds are in folder `number` (nil: the root, feeds in no folder).
    func sources(inFolder number: Int?) -> [Source] { library.sources(firstTagged: number) }
}
