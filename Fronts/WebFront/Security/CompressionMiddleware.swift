import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import ServeCore

/// Sends the web front's text (pages, the style sheet, the script) gzip-compressed to a browser that accepts
/// it. The pages' anti-forgery tokens are masked anew in every answer (``CSRFToken``), so that compression
/// beside a reflected search cannot be used to read them (BREACH).
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    /// Bodies smaller than this gain nothing from compression.
    static let threshold = 860

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        guard Self.accepts(request.headers[values: .acceptEncoding]), response.headers[.contentEncoding] == nil,
            let type = response.headers[.contentType], type.hasPrefix("text/") || type.hasPrefix("application/json")
        else { return response }
        let collector = BodyCollector()
        try await response.body.write(collector.writer)
        let bytes = collector.bytes.withLock { $0 }
        guard bytes.count >= Self.threshold, let compressed = Gzip.compress(bytes) else {
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
            return response
        }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.count)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: compressed))
        return response
    }

    /// Whether `Accept-Encoding` names gzip with a weight above zero.
    static func accepts(_ fields: [String]) -> Bool {
        for field in fields {
            for coding in field.split(separator: ",") {
                let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard parts.first == "gzip" || parts.first == "x-gzip" else { continue }
                return !parts.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
            }
        }
        return false
    }
}

/// Gathers a response's body (the web front's are small and in memory already).
private final class BodyCollector: Sendable {
    let bytes = Mutex<[UInt8]>([])

    var writer: Writer { Writer(collector: self) }

    struct Writer: ResponseBodyWriter {
        let collector: BodyCollector

        mutating func write(_ buffer: ByteBuffer) async throws {
            collector.bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
