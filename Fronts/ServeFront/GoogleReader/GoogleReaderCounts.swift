import Foundation
import Hummingbird
import RssCore
import ServeCore

/// `unread-count`: per feed (every feed, zero counts too), per label and for the reading list, with the storage
/// time of the newest item of each.
struct GoogleReaderCounts: LibraryEndpoint {
    let library: ServeLibrary

    func unreadCount() async throws -> Response {
        let directory = try await GoogleReaderDirectory.load(library)
        let counts = library.counts
        // The newest by date of each feed, on its date index: close enough to its last stored, at a fraction of the cost.
        let newest = try await library.articles(ArticleQuery(limitPerSource: 1))
        let newestBySource = Dictionary(newest.map { ($0.sourceID, $0.firstSeen) }, uniquingKeysWith: max)
        var json = JSONWriter()
        func row(_ json: inout JSONWriter, id: String, count: Int, newest: Date?) {
            json.object { json in
                json.member("id", id)
                json.member("count", count)
                json.member("newestItemTimestampUsec", quoted: Int64((newest?.timeIntervalSince1970 ?? 0) * 1_000_000))
            }
        }
        json.object { json in
            json.member("max", counts.unread)
            json.key("unreadcounts")
            json.array { json in
                for source in directory.sources {
                    row(&json, id: directory.streamID(of: source), count: counts.unread(in: source.id), newest: newestBySource[source.id])
                }
                for tag in directory.tags {
                    let members = directory.sources(taggedWith: tag)
                    row(&json, id: StreamID.label(tag).name, count: members.reduce(0) { $0 + counts.unread(in: $1.id) },
                        newest: members.compactMap { newestBySource[$0.id] }.max())
                }
                row(&json, id: StreamID.readingList.name, count: counts.unread, newest: newestBySource.values.max())
            }
        }
        return Reply.json(json.buffer)
    }
}
