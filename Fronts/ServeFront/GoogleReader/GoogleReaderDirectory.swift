import Foundation
@_spi(Serve) import RssCore
import ServeCore

/// The library as Google Reader clients name it (``/ServeCore/LibraryDirectory``, adapted): each feed is `feed/NUMBER` (as
/// FreshRSS names feeds), and a feed named by its address (`feed/https://…`, as clients of earlier versions and
/// the other API's users may send) is found too.
///
/// Numbers, unlike addresses, survive apps that take ids apart (Read You removes every `feed/` from an id, which
/// breaks WordPress's `/feed/` addresses) or send them unencoded (NetNewsWire cuts `a=1&b=2` at the `&`).
struct GoogleReaderDirectory {
    let library: LibraryDirectory

    /// The library as the database has it now (other processes' changes included).
    static func load(_ library: ServeLibrary) async throws -> GoogleReaderDirectory {
        GoogleReaderDirectory(library: try await LibraryDirectory.load(library))
    }

    /// The sources, in display order.
    var sources: [Source] { library.sources }

    /// The source with `id`.
    func source(id: UUID) -> Source? { library.source(id: id) }

    /// The stream id of `source`: `feed/NUMBER`.
    func streamID(of source: Source) -> String { streamID(ofSource: source.id) }

    /// The stream id of the source `id`, or "" when it is gone.
    func streamID(ofSource id: UUID) -> String { library.number(of: id).map { "feed/\($0)" } ?? "" }

    /// The source a `feed/…` stream names by what follows `feed/`: its number, else its address (leading
    /// `feed/`s that a client added twice are dropped, as FreshRSS does).
    func source(feed reference: String) -> Source? {
        var reference = Substring(reference)
        while reference.hasPrefix("feed/") { reference = reference.dropFirst(5) }
        if let number = Int64(reference) { return library.source(numbered: number) }
        return library.source(address: String(reference))
    }

    /// Every tag in use or kept, sorted as the library sorts them.
    var tags: [String] { library.tags.map(\.name) }

    /// The sources filed under `tag`.
    func sources(taggedWith tag: String) -> [Source] { library.sources(taggedWith: tag) }
}
