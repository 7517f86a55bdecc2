import Foundation
import Hummingbird
import NIOCore
import ServeCore

/// One answer of the Fever API: the base members every answer has (`api_version`, `auth`, and once signed in
/// `last_refreshed_on_time`), and the members of whatever was asked; a member not asked for is left out.
struct FeverAnswer: Encodable, Equatable {
    /// Fever's API version; 3 in every server apps talk to.
    let api_version = 3
    /// 1 when the key was accepted, else 0 (with nothing else).
    let auth: Int
    /// Unix seconds: when the answer was made (see ``FeverResponder``).
    var last_refreshed_on_time: Int64?
    var groups: [Fever.Group]?
    var feeds: [Fever.Feed]?
    var feeds_groups: [Fever.FeedsGroup]?
    var favicons: [Fever.Favicon]?
    var items: [Fever.Item]?
    var total_items: Int?
    var links: [Fever.Link]?
    var unread_item_ids: String?
    var saved_item_ids: String?

    /// The answer to a missing or wrong key: HTTP 200 and `auth` 0, as every Fever server answers (apps read
    /// `auth`; Unread's first request carries no key and expects this).
    static let refused = FeverAnswer(auth: 0)

    /// The base of an accepted request's answer.
    static func accepted(refreshedAt seconds: Int64) -> FeverAnswer {
        FeverAnswer(auth: 1, last_refreshed_on_time: seconds)
    }

    /// Ids as Fever lists them: `"1,2,3"`, `""` for none.
    static func idList(_ numbers: [Int64]) -> String {
        numbers.map(String.init).joined(separator: ",")
    }
}

extension FeverAnswer {
    /// The answer as an HTTP response: JSON with its keys in a fixed order (so that the same answer is always
    /// the same bytes, `{"api_version":3,"auth":0}` for a refusal), slashes unescaped.
    func response(status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try Self.encoder.encode(self))))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
