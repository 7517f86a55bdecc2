import Foundation
import Hummingbird
import NIOCore
import RssCore
import ServeCore

/// `{"items":[…]}` for a selection, read and written a page at a time: newsboat and RSS Guard ask for every
/// item of a feed in one request, Fluent Reader for every unread item, so one answer may hold a whole library
/// of 100,000 articles. Only a page's articles are in memory at once; the first page is read before the
/// answer starts, so that a database failure is a 500 and not a cut answer. The object has no other key:
/// Readrops reads its first key as `items` and then expects the end.
enum NextcloudItemStream {
    /// Articles read at once.
    static let pageSize = 1_000

    /// The answer for `selection`.
    static func response(
        _ selection: NextcloudItemSelection, library: ServeLibrary, directory: NextcloudDirectory
    ) async throws -> Response {
        var query = selection.query
        query.limit = min(pageSize, selection.limit ?? pageSize)
        let first = try await library.articles(query)
        var opening = ByteBuffer(string: "{\"items\":[")
        opening.writeBytes(try encoded(first, directory: directory))
        let remaining = selection.limit.map { $0 - first.count }
        guard first.count == query.limit, remaining ?? 1 > 0, let last = first.last else {
            opening.writeString("]}")
            return response(ResponseBody(byteBuffer: opening))
        }
        query.after = last.position
        let body = ResponseBody { [query, opening] writer in
            try await writer.write(opening)
            var query = query
            var remaining = remaining
            while remaining ?? 1 > 0 {
                query.limit = min(pageSize, remaining ?? pageSize)
                let page = try await library.articles(query)
                guard let last = page.last else { break }
                var buffer = ByteBuffer(string: ",")
                buffer.writeBytes(try encoded(page, directory: directory))
                try await writer.write(buffer)
                remaining = remaining.map { $0 - page.count }
                if page.count < query.limit ?? pageSize { break }
                query.after = last.position
            }
            try await writer.write(ByteBuffer(string: "]}"))
            try await writer.finish(nil)
        }
        return response(body)
    }

    /// A 200 of JSON with `body`.
    private static func response(_ body: ResponseBody) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: body)
    }

    /// The items of `articles`, comma-separated, without the array's brackets.
    private static func encoded(_ articles: [ArticleSnapshot], directory: NextcloudDirectory) throws -> Data {
        guard !articles.isEmpty else { return Data() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let items = articles.map { NextcloudItem($0, feedID: directory.number(of: $0.sourceID) ?? 0) }
        let array = try encoder.encode(items)
        return array.dropFirst().dropLast()
    }
}
