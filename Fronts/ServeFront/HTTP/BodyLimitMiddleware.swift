import HTTPTypes
import Hummingbird
import ServeCore

/// Refuses a request whose declared body (`Content-Length`) is over the cap before reading any of it: 413, and
/// the connection is closed (the rest of the body is never read). A body sent without a length is capped as
/// it is read (``/ServeCore/ServeContext/maxUploadSize``).
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }),
            declared > RequestLimits.bodyBytes(for: request.uri.path)
        {
            throw APIError(.contentTooLarge, "the request body is too large", headers: [.connection: "close"])
        }
        return try await next(request, context)
    }
}
