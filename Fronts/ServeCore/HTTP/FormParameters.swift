import Foundation
package import Hummingbird

/// The parameters of a request: its query string and, for a form POST, its body, keys repeated as sent
/// (`i=1&i=2`). Decoded as `application/x-www-form-urlencoded` (`+` is a space). A key the body has is read from
/// the body alone, as PHP's `$_REQUEST` lets POST win: Read You sends `quickadd` both raw in the query and
/// encoded in the body, and EasyRSS repeats its parameters in both.
package struct FormParameters: Sendable {
    private(set) var query: [(String, String)] = []
    private(set) var body: [(String, String)] = []

    /// The first value of `key` (the body's, when it has one).
    package subscript(_ key: String) -> String? {
        body.first { $0.0 == key }?.1 ?? query.first { $0.0 == key }?.1
    }

    /// Every value of `key`, in order (the body's, when it has any).
    package func all(_ key: String) -> [String] {
        let fromBody = body.filter { $0.0 == key }.map(\.1)
        return fromBody.isEmpty ? query.filter { $0.0 == key }.map(\.1) : fromBody
    }

    /// The query string's parameters and a form body's.
    package static func of(_ request: Request, context: ServeContext) async throws -> FormParameters {
        var parameters = FormParameters()
        if let query = request.uri.query { parameters.query = try decode(query) }
        if request.method == .post {
            let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
            parameters.body = try decode(String(buffer: body))
        }
        return parameters
    }

    /// The query string's parameters alone.
    package static func query(of request: Request) throws -> FormParameters {
        var parameters = FormParameters()
        if let query = request.uri.query { parameters.query = try decode(query) }
        return parameters
    }

    /// The pairs of an encoded form: at most ``RequestLimits/itemIDs`` ids and a few other parameters.
    package static func decode(_ encoded: String) throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        for piece in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            guard pairs.count < RequestLimits.itemIDs + RequestLimits.otherParameters else {
                throw APIError.badRequest("too many parameters")
            }
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            guard let key, let value else { throw APIError.badRequest("a parameter is not properly encoded") }
            pairs.append((key, value))
        }
        return pairs
    }

    private static func decode(_ text: Substring) -> String? {
        PercentDecoding.decode(text)
    }
}
