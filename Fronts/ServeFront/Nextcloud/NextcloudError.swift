import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServeCore

/// A refusal of the Nextcloud News API, rendered as Nextcloud answers one: the status and
/// `{"message": "…"}`. Clients read only the status (newsboat takes anything but 200 as a failure); the
/// message says what to send instead, and never holds a secret.
struct NextcloudError: Error, HTTPResponseError {
    /// The status.
    let status: HTTPResponse.Status
    /// What went wrong, for a person reading the answer.
    let message: String

    /// A refusal with `status` and `message`.
    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `{"message": …}` with the status.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        try Reply.json(["message": message], status: status)
    }

    /// 400: a parameter is missing or not of its type.
    static func badRequest(_ message: String) -> NextcloudError { NextcloudError(.badRequest, message) }
    /// 404: no such feed, folder or item (or route).
    static func notFound(_ message: String) -> NextcloudError { NextcloudError(.notFound, message) }
    /// 409: the folder or feed exists already.
    static func conflict(_ message: String) -> NextcloudError { NextcloudError(.conflict, message) }
    /// 422: a name or address that cannot be used (News's "unprocessable").
    static func unprocessable(_ message: String) -> NextcloudError { NextcloudError(.unprocessableContent, message) }
}
