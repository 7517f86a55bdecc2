import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore

/// A refusal with its status and a short reason, rendered as Miniflux does (`{"error_message": …}`); Google
/// Reader clients look only at the status. The reason never holds a secret.
package struct APIError: Error, HTTPResponseError {
    package let status: HTTPResponse.Status
    package let reason: String
    package var headers: HTTPFields = [:]

    package init(_ status: HTTPResponse.Status, _ reason: String, headers: HTTPFields = [:]) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body = (try? JSONEncoder().encode(["error_message": reason])) ?? Data("{}".utf8)  // a [String: String] always encodes
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    package static func badRequest(_ reason: String) -> APIError { APIError(.badRequest, reason) }
    package static func notFound(_ reason: String) -> APIError { APIError(.notFound, reason) }
    package static let unauthorized = APIError(.unauthorized, "access unauthorized")
}
