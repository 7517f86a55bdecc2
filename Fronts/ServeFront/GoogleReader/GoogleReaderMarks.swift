import Foundation
import Hummingbird
import RssCore
import ServeCore

/// `edit-tag` and `mark-all-as-read`.
struct GoogleReaderMarks: LibraryEndpoint {
    let library: ServeLibrary

    /// `i=` (repeated, either form), `a=`/`r=` (repeated) with `…/read`, `…/kept-unread`, `…/starred`;
    /// answers `OK`. States this reader does not keep (`broadcast`, `like`, `tracking-…`) are ignored; a label
    /// on a single item is refused (a tag is a feed's here, not an item's).
    func editTag(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let numbers = try GoogleReaderRoutes.itemNumbers(parameters)
        var marks: [ServeLibrary.ItemMark] = []
        for (tags, adding) in [(parameters.all("a"), true), (parameters.all("r"), false)] {
            for tag in tags {
                switch StreamID(tag) {
                case .read: marks.append(adding ? .read : .unread)
                case .unread: marks.append(adding ? .unread : .read)
                case .starred: marks.append(adding ? .starred : .unstarred)
                case .label: throw APIError.badRequest("labels on single items are not supported")
                default: continue
                }
            }
        }
        try await library.mark(numbers: numbers, marks)
        return Reply.text("OK")
    }

    /// `s=STREAM` (a feed, a label, or any state stream for all), `ts` (only items the server stored up to it:
    /// microseconds, as FreshRSS compares it with its entry ids; seconds and milliseconds are told apart by
    /// size; absent or 0, everything); answers `OK`. A `ts` that is not a time (`abc`, `-1`, empty) is a 400,
    /// as FreshRSS answers it, since marking the whole stream would lose every unread mark of a buggy client.
    /// A label without `ts` is marked by the tag itself (resolved where the marks are stored); with `ts`, by
    /// the label's feeds at that moment.
    func markAllAsRead(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        guard let name = parameters["s"], let stream = StreamID(name) else { throw APIError.badRequest("s: not a stream") }
        let bound = try Self.bound(parameters["ts"])
        let directory = try await GoogleReaderDirectory.load(library)
        guard case .some(let sources) = stream.sources(in: directory) else { throw APIError.notFound("no such feed") }
        if case .label(let tag) = stream, bound == nil {
            try await library.markAllRead(tag: tag)
        } else {
            try await library.markAllRead(sources: sources, bound: bound)
        }
        return Reply.text("OK")
    }

    /// The bound `ts` sets: nil (everything) when absent or 0; a 400 unless it is decimal digits.
    static func bound(_ ts: String?) throws -> MarkAllRead.Bound? {
        guard let ts else { return nil }
        let digits = ts.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.count <= 19, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let stamp = Int64(digits)
        else { throw APIError.badRequest("ts: not a time") }
        guard stamp > 0 else { return nil }
        let value = Double(stamp)
        let seconds = value > 1e14 ? value / 1_000_000 : value > 1e11 ? value / 1_000 : value
        // Up to the stamp, included: stored strictly before the next microsecond.
        return .storedBefore(Date(timeIntervalSince1970: seconds + 0.000_001))
    }
}
