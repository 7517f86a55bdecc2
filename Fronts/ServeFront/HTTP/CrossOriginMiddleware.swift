import HTTPTypes
import Hummingbird
import ServeCore

/// Answers a browser's preflight (`OPTIONS`) with 204 and the cross-origin headers, before any credentials are
/// asked for, and lets a page of another origin read the APIs' answers, as FreshRSS and Miniflux do: a reader
/// that runs in a browser tab (or an extension) then syncs like any app.
///
/// It opens nothing: every API authenticates with a header the page must set itself (`Authorization`,
/// `X-Auth-Token`) or a key in the request (Fever), never with a cookie, and `*` forbids a browser to send
/// stored credentials. A preflight answers the same for every path, so it tells nobody which paths exist.
struct CrossOriginMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        if request.method == .options {
            var headers = Self.answerHeaders
            headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
            headers[.accessControlAllowHeaders] = "Authorization, X-Auth-Token, Content-Type, Accept"
            headers[.accessControlMaxAge] = "600"
            return Response(status: .noContent, headers: headers)
        }
        guard APIFamily(path: request.uri.path).isSyncAPI else { return try await next(request, context) }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // A refusal is an answer too: a page must be able to read why.
            response = try error.response(from: request, context: context)
        }
        response.headers[.accessControlAllowOrigin] = "*"
        return response
    }

    /// What every answer of the sync APIs carries.
    static let answerHeaders: HTTPFields = [.accessControlAllowOrigin: "*"]
}

extension APIFamily {
    /// Whether it is one of the sync APIs apps call (every family but the unknown paths).
    var isSyncAPI: Bool { self != .unknown }
}
