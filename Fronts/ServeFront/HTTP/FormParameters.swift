import Foundation
import Hummingbird

/// The parameters of a request: its query string and, for a form POST, its body, in order, keys repeated as
/// sent (`i=1&i=2`). Decoded as `application/x-www-form-urlencoded` (`+` is a space).
struct FormParameters: Sendable {
    private(set) var pairs: [(String, String)] = []

    /// The first value of `key`.
    subscript(_ key: String) -> String? { pairs.first { $0.0 == key }?.1 }

    /// Every value of `key`, in order.
    func all(_ key: String) -> [String] { pairs.filter { $0.0 == key }.map(\.1) }

    /// The query string's parameters and a form body's.
    static func of(_ request: Request, context: ServeContext) async throws -> FormParameters {
        var parameters = FormParameters()
        if let query = request.uri.query { try parameters.add(encoded: query) }
        if request.method == .post {
            let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
            try parameters.add(encoded: String(buffer: body))
        }
        return parameters
    }

    /// Adds the pairs of an encoded form.
    mutating func add(encoded: String) throws {
        for piece in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            guard pairs.count < RequestLimits.itemIDs else { throw APIError.badRequest("too many parameters") }
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            guard let key, let value else { throw APIError.badRequest("a parameter is not properly encoded") }
            pairs.append((key, value))
        }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
