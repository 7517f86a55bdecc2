import Foundation
import Hummingbird
import ServeCore

/// The parameters of a Fever request, wherever the app put them: the query string (`?api&items&since_id=5`,
/// where a bare key like `items` is present with an empty value), then the body, urlencoded (Reeder, Unread,
/// Fluent Reader, Read You) or multipart (Readrops, NewsFlash), on POST and on GET alike (Unread's GETs). A
/// key given in both is read from the query.
///
/// Fever's spec reads the selectors (`since_id`, `with_ids`…) from the query and the key and marks from the
/// body, but apps put marks in the query (Read You, Readrops) and servers read keys from it (Miniflux), so
/// every key is looked for in both.
struct FeverParameters: Sendable {
    /// Every key and value, the query's first, in the order sent.
    private(set) var pairs: [(String, String)] = []

    /// Parameters from a query string and a body of the given `Content-Type`.
    init(query: String?, body: [UInt8], contentType: String?) throws(APIError) {
        var fromQuery: [(String, String)] = []
        if let query { fromQuery = try Self.decode(query) }
        if !body.isEmpty, let boundary = contentType.flatMap(MultipartForm.boundary) {
            pairs = fromQuery + (try MultipartForm.fields(body, boundary: boundary))
        } else {
            // Urlencoded, whatever the type says: an app that sends a form may leave the type out.
            pairs = fromQuery + (body.isEmpty ? [] : try Self.decode(String(decoding: body, as: UTF8.self)))
        }
        guard pairs.count <= RequestLimits.itemIDs else { throw APIError.badRequest("too many parameters") }
    }

    /// The parameters of `request`, its body read up to the cap.
    static func of(_ request: Request) async throws -> FeverParameters {
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        return try FeverParameters(
            query: request.uri.query, body: Array(body.readableBytesView), contentType: request.headers[.contentType])
    }

    /// The first value of `key` (`""` for a bare key); nil when absent.
    subscript(_ key: String) -> String? { pairs.first { $0.0 == key }?.1 }

    /// Whether `key` was sent, with a value or bare.
    func has(_ key: String) -> Bool { pairs.contains { $0.0 == key } }

    private static func decode(_ encoded: String) throws(APIError) -> [(String, String)] {
        do {
            return try FormParameters.decode(encoded)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.badRequest("a parameter is not properly encoded")
        }
    }
}
