import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// The images the proxy fetched lately, in memory, within a byte budget: the oldest used go first.
final class MediaCache: Sendable {
    struct Entry: Sendable {
        let data: Data
        let contentType: String

        /// The answer that sends it: kept a day by the browser, for this account only, sandboxed (an image needs
        /// nothing else, and is never a document that could run anything).
        var response: Response {
            var headers = HTTPFields()
            headers[.contentType] = contentType
            headers[.cacheControl] = "private, max-age=86400"
            headers[.contentSecurityPolicy] = "default-src 'none'; sandbox"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    private struct Table {
        var entries: [String: (entry: Entry, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let table = Mutex(Table())
    /// The most bytes kept.
    let budget: Int

    init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    func entry(for address: String) -> Entry? {
        table.withLock { table in
            guard let found = table.entries[address] else { return nil }
            table.clock += 1
            table.entries[address]?.used = table.clock
            return found.entry
        }
    }

    func store(_ entry: Entry, for address: String) {
        guard entry.data.count <= budget / 8 else { return }
        table.withLock { table in
            if let old = table.entries[address] { table.bytes -= old.entry.data.count }
            table.clock += 1
            table.entries[address] = (entry, table.clock)
            table.bytes += entry.data.count
            while table.bytes > budget, let oldest = table.entries.min(by: { $0.value.used < $1.value.used }) {
                table.bytes -= oldest.value.entry.data.count
                table.entries[oldest.key] = nil
            }
        }
    }
}
