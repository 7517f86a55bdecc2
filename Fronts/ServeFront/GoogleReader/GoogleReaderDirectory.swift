import Foundation
import RssCore

/// The library as Google Reader clients name it, for one request: each feed is `feed/NUMBER` (its
/// ``/RssCore/LibraryNumbers`` number, as FreshRSS names feeds), and a feed named by its address
/// (`feed/https://…`, as clients of earlier versions and the other API's users may send) is found too.
///
/// Numbers, unlike addresses, survive apps that take ids apart (Read You removes every `feed/` from an id, which
/// breaks WordPress's `/feed/` addresses) or send them unencoded (NetNewsWire cuts `a=1&b=2` at the `&`).
struct GoogleReaderDirectory {
    let sources: [Source]
    let numbers: LibraryNumbers
    private let byID: [UUID: Source]

    /// The library as the database has it now (other processes' changes included).
    static func load(_ library: ServeLibrary) async throws -> GoogleReaderDirectory {
        await library.catchUp()
        return GoogleReaderDirectory(sources: library.sources, numbers: try await library.numbers())
    }

    init(sources: [Source], numbers: LibraryNumbers) {
        self.sources = sources
        self.numbers = numbers
        byID = Dictionary(sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The source with `id`.
    func source(id: UUID) -> Source? { byID[id] }

    /// The stream id of `source`: `feed/NUMBER`.
    func streamID(of source: Source) -> String { "feed/\(numbers.sources[source.id] ?? 0)" }

    /// The stream id of the source `id`, or "" when it is gone.
    func streamID(ofSource id: UUID) -> String { byID[id].map(streamID) ?? "" }

    /// The source a `feed/…` stream names by what follows `feed/`: its number, else its address (leading
    /// `feed/`s that a client added twice are dropped, as FreshRSS does).
    func source(feed reference: String) -> Source? {
        var reference = Substring(reference)
        while reference.hasPrefix("feed/") { reference = reference.dropFirst(5) }
        if let number = Int(reference), let id = numbers.source(numbered: number) { return byID[id] }
        return sources.first { $0.url.absoluteString == reference }
    }

    /// Every tag in use or kept, sorted as the library sorts them.
    var tags: [String] { numbers.tags.map(\.name) }

    /// The sources filed under `tag`.
    func sources(taggedWith tag: String) -> [Source] { sources.filter { $0.tags.contains(tag) } }
}
