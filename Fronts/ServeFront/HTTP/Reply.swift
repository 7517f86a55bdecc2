import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServeCore

/// The responses the APIs send.
enum Reply {
    /// `value` as JSON.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(ByteBuffer(bytes: try encoder.encode(value)), status: status)
    }

    /// JSON already written (``JSONWriter``).
    static func json(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }

    /// JSON with an exact `ETag` (a hash of the body): 304 without a body when the request's `If-None-Match`
    /// names it, so that a client asking every sync whether a list changed is told so cheaply, and never told
    /// "unchanged" when it changed.
    static func conditional(json body: ByteBuffer, for request: Request) -> Response {
        let tag = "\"" + Digest.hex(Digest.sha256(body.readableBytesView).prefix(12)) + "\""
        let asked = request.headers[.ifNoneMatch]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        if asked.contains(tag) || asked.contains("W/" + tag) || asked.contains("*") {
            return Response(status: .notModified, headers: [.eTag: tag])
        }
        var response = json(body)
        response.headers[.eTag] = tag
        return response
    }

    /// Plain text, as Google Reader answers `OK` and tokens.
    static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A document of another type (Atom, OPML).
    static func document(_ text: String, contentType: String) -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A document of another type, as bytes.
    static func document(_ data: Data, contentType: String) -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// No content (204), as Miniflux answers updates.
    static func noContent() -> Response { Response(status: .noContent) }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
}
