import Foundation
import Hummingbird
import ServeCore

/// A request's parameters, read as Nextcloud reads them: from the query string and the body alike, the body's
/// winning where both name one. The body is a JSON object whatever its label says (newsboat sends `{}` labelled
/// as a form, RSS Guard labels its GETs JSON), else a form (`a=1&items[]=2&items[]=3`); an empty body is none.
struct NextcloudParameters: Sendable {
    private var values: [String: NextcloudValue] = [:]

    /// Mark lists may be as long as the body cap allows (1 MiB, some 130,000 ids), not the 10,000 ids of the
    /// other APIs: RSS Guard sends every article of a feed it marks read in one request, and keeps a refused
    /// list to send again, for ever.
    static let maximumIDs = 150_000

    /// Parameters with these values.
    init(_ values: [String: NextcloudValue] = [:]) {
        self.values = values
    }

    /// The parameters of `request`.
    static func of(_ request: Request) async throws -> NextcloudParameters {
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        return try NextcloudParameters(
            query: request.uri.query, body: Data(body.readableBytesView), contentType: request.headers[.contentType])
    }

    /// The parameters of a query string and a body labelled `contentType`.
    init(query: String?, body: Data, contentType: String?) throws {
        if let query { add(try FormParameters.decode(query)) }
        let start = body.first { !Self.isWhitespace($0) }
        if start == UInt8(ascii: "{") {
            // Any decoding failure is the same 400: what to send is in the message.
            guard let object = try? JSONDecoder().decode([String: NextcloudValue].self, from: body) else {
                throw NextcloudError.badRequest("the body is not a JSON object")
            }
            values.merge(object) { $1 }
        } else if start != nil {
            guard !(contentType?.lowercased().hasPrefix("multipart/") ?? false) else {
                throw NextcloudError(.unsupportedMediaType, "send the parameters as a JSON object or a form, not multipart")
            }
            guard start != UInt8(ascii: "[") else { throw NextcloudError.badRequest("the body must be a JSON object, not an array") }
            add(try FormParameters.decode(String(decoding: body, as: UTF8.self)))
        }
    }

    /// Adds a form's pairs as text; `key[]=…` pairs (PHP's arrays, which Nextcloud reads) make an array.
    private mutating func add(_ pairs: [(String, String)]) {
        for (key, value) in pairs {
            if key.hasSuffix("[]") {
                let name = String(key.dropLast(2))
                guard case .array(let items) = values[name] else {
                    values[name] = .array([.string(value)])
                    continue
                }
                values[name] = .array(items + [.string(value)])
            } else {
                values[key] = .string(value)
            }
        }
    }

    /// JSON's whitespace.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The value of `name`; nil when it is absent or JSON null.
    subscript(_ name: String) -> NextcloudValue? {
        guard let value = values[name], value != .null else { return nil }
        return value
    }

    /// A whole number; nil when absent; 400 when it is not one.
    func integer(_ name: String) throws -> Int64? {
        guard let value = self[name] else { return nil }
        guard let number = value.integer else { throw NextcloudError.badRequest("\(name) must be a whole number") }
        return number
    }

    /// A whole number that must be there.
    func required(_ name: String) throws -> Int64 {
        guard let number = try integer(name) else { throw NextcloudError.badRequest("\(name) is needed") }
        return number
    }

    /// A boolean; `fallback` when absent; 400 when it is not one.
    func bool(_ name: String, else fallback: Bool) throws -> Bool {
        guard let value = self[name] else { return fallback }
        guard let flag = value.bool else { throw NextcloudError.badRequest("\(name) must be true or false") }
        return flag
    }

    /// Text; nil when absent; 400 when it is neither text nor a number, or too long.
    func text(_ name: String) throws -> String? {
        guard let value = self[name] else { return nil }
        guard let text = value.text, text.count <= RequestLimits.textLength else {
            throw NextcloudError.badRequest("\(name) must be a string of at most \(RequestLimits.textLength) characters")
        }
        return text
    }

    /// The elements of the first of `names` that is present (v1-3 sends `itemIds`, v1-2 `items`); empty when
    /// none is; 400 when it is not an array, or a longer one than ``maximumIDs``.
    func list(_ names: String...) throws -> [NextcloudValue] {
        guard let name = names.first(where: { self[$0] != nil }), let value = self[name] else { return [] }
        guard case .array(let elements) = value else { throw NextcloudError.badRequest("\(name) must be an array") }
        guard elements.count <= Self.maximumIDs else { throw NextcloudError.badRequest("\(name): too many items") }
        return elements
    }

    /// Item ids: `itemIds` (v1-3) or `items` (v1-2), numbers or decimal text.
    func itemIDs() throws -> [Int64] {
        try list("itemIds", "items").map { element in
            guard let number = element.integer else { throw NextcloudError.badRequest("items: item ids are whole numbers") }
            return number
        }
    }
}
