import HTTPTypes
import Hummingbird
import ServeCore

/// Routes each request by its normalised path (``RequestPath``): Hummingbird's router matches the path as
/// sent, so the request is remade with the normalised one before it reaches the router (its query stays).
struct PathNormalizingResponder<Base: HTTPResponder>: HTTPResponder {
    let base: Base

    func respond(to request: Request, context: Base.Context) async throws -> Response {
        let path = request.uri.path
        let normalized = RequestPath.normalized(path)
        guard normalized != path else { return try await base.respond(to: request, context: context) }
        var head = request.head
        head.path = normalized + (request.uri.query.map { "?" + $0 } ?? "")
        return try await base.respond(to: Request(head: head, body: request.body), context: context)
    }
}
