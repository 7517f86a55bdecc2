import Foundation
import ServeCore

/// A parameter's value as a client sent it: a JSON value from a body, or text from a query string or a form
/// (``NextcloudParameters`` reads either the same way, as Nextcloud does).
enum NextcloudValue: Decodable, Equatable, Sendable {
    /// JSON `null`: as if the parameter were absent.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A JSON number without a fraction that fits 64 bits.
    case integer(Int64)
    /// Any other JSON number.
    case number(Double)
    /// A JSON string, or any value of a query string or form.
    case string(String)
    /// A JSON array (or `key[]=…` pairs of a form).
    case array([NextcloudValue])
    /// A JSON object.
    case object([String: NextcloudValue])

    /// The value a JSON document holds.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Booleans first: JSONDecoder reads neither `1` as a Bool nor `true` as a number, so the order only
        // matters between integers and other numbers.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([NextcloudValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: NextcloudValue].self))
        }
    }

    /// A whole number: a JSON integer, a whole JSON number, or decimal text (`"3"`, as RSS Guard sends feed
    /// ids and query strings carry every number). Numbers beyond 64 bits are clamped: newsboat's
    /// `newestItemId` is C's `LONG_MAX`, and a larger "everything up to" means the same.
    var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value) where value.rounded() == value: return Self.clamped(value)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let value = Int64(trimmed) { return value }
            let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
            guard !digits.isEmpty, digits.count <= 40, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return trimmed.hasPrefix("-") ? .min : .max
        default: return nil
        }
    }

    /// A boolean: JSON `true`/`false`, `1`/`0`, or that as text (`"true"`, `"1"`).
    var bool: Bool? {
        switch self {
        case .bool(let value): value
        case .integer(let value) where value == 0 || value == 1: value == 1
        case .string(let text):
            switch text.lowercased() {
            case "true", "1": true
            case "false", "0": false
            default: nil
            }
        default: nil
        }
    }

    /// Text: a JSON string, or a number written out (a name sent as `123`).
    var text: String? {
        switch self {
        case .string(let text): text
        case .integer(let value): String(value)
        default: nil
        }
    }

    /// `value` rounded towards zero, held within 64 bits.
    private static func clamped(_ value: Double) -> Int64 {
        if value >= 9.223_372_036_854_775_807e18 { return .max }
        if value <= -9.223_372_036_854_775_808e18 { return .min }
        return Int64(value)
    }
}
