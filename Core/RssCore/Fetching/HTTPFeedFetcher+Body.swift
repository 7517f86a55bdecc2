import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension HTTPFeedFetcher {
    /// Reads a successful response's body, counting the (already decompressed) bytes as they arrive and giving up
    /// as soon as they pass `cap` (by default the configuration's), so that an endless or exploding body never
    /// sits in memory.
    func readBody(_ response: HTTPClientResponse, from url: URL, cap: Int? = nil) async throws(FetchError) -> Data {
        if let encoding = Self.unreadableEncoding(response.headers) {
            await discard(response.body)
            throw .connection(.unrequestedEncoding(encoding))
        }
        let cap = cap ?? configuration.maximumBytes
        let encoded = !response.headers["content-encoding"].isEmpty
        let declared = response.headers.first(name: "content-length").flatMap { Int($0) }
        if let declared, declared > cap, !encoded {
            throw .tooLarge(limit: cap)
        }
        var data = Data()
        data.reserveCapacity(min(declared ?? 64 * 1024, cap))
        do {
            for try await chunk in response.body {
                guard data.count + chunk.readableBytes <= cap else {
                    throw FetchError.tooLarge(limit: cap)
                }
                data.append(contentsOf: chunk.readableBytesView)
            }
        } catch {
            throw describe(error, fetching: url)
        }
        return data
    }

    /// Reads and drops the body of a response we do not use, so the connection can be reused; a long one is
    /// abandoned instead, which closes the connection.
    func discard(_ body: HTTPClientResponse.Body) async {
        var seen = 0
        do {
            for try await chunk in body {
                seen += chunk.readableBytes
                if seen > 64 * 1024 { break }
            }
        } catch {}
    }

    /// A compression named by `Content-Encoding` that the client does not undo (it asks for gzip and deflate
    /// only): such a body would reach the parser still compressed and fail as "not a feed", which hides what
    /// went wrong. Other unknown tokens (servers write `utf-8` there) leave the body as it came.
    static func unreadableEncoding(_ headers: HTTPHeaders) -> String? {
        headers[canonicalForm: "content-encoding"].map { $0.lowercased() }
            .first { ["br", "zstd", "compress", "x-compress", "aes128gcm"].contains($0) }
    }
}
