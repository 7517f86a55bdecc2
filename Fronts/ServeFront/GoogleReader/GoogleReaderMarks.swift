import Foundation
import Hummingbird
import RssCore

/// `edit-tag` and `mark-all-as-read`.
struct GoogleReaderMarks: Sendable {
    let library: ServeLibrary

    /// `i=` (repeated, either form), `a=`/`r=` (repeated) with `…/read`, `…/kept-unread`, `…/starred`;
    /// answers `OK`. States this reader does not keep (`broadcast`, `like`, `tracking-…`) are ignored; a label
    /// on a single item is refused (a tag is a feed's here, not an item's).
    func editTag(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let numbers = try GoogleReaderRoutes.itemNumbers(parameters)
        let ids = try await library.articles(numbers: numbers).map(\.id)
        for (tags, adding) in [(parameters.all("a"), true), (parameters.all("r"), false)] {
            for tag in tags {
                switch StreamID(tag) {
                case .read: await library.setRead(ids, adding)
                case .unread: await library.setRead(ids, !adding)
                case .starred: await library.setStarred(ids, adding)
                case .label: throw APIError.badRequest("labels on single items are not supported")
                default: continue
                }
            }
        }
        return Reply.text("OK")
    }

    /// `s=STREAM` (a feed, a label, or any state stream for all), `ts` (only items the server stored up to it:
    /// microseconds, as FreshRSS compares it with its entry ids; seconds and milliseconds are told apart by
    /// size); answers `OK`. A label without `ts` is marked by the tag itself (resolved where the marks are
    /// stored); with `ts`, by the label's feeds at that moment.
    func markAllAsRead(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        guard let name = parameters["s"], let stream = StreamID(name) else { throw APIError.badRequest("s: not a stream") }
        let directory = try await GoogleReaderDirectory.load(library)
        guard case .some(let sources) = stream.sources(in: directory) else { throw APIError.notFound("no such feed") }
        var bound: MarkAllRead.Bound?
        if let stamp = parameters["ts"].flatMap(StreamRequest.leadingInteger), stamp > 0 {
            let value = Double(stamp)
            let seconds = value > 1e14 ? value / 1_000_000 : value > 1e11 ? value / 1_000 : value
            // Up to the stamp, included: stored strictly before the next microsecond.
            bound = .storedBefore(Date(timeIntervalSince1970: seconds + 0.000_001))
        }
        if case .label(let tag) = stream, bound == nil {
            await library.markAllRead(tag: tag)
        } else {
            await library.markAllRead(sources: sources, bound: bound)
        }
        return Reply.text("OK")
    }
}
