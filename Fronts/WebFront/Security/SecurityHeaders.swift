import HTTPTypes
import Hummingbird
import ServeCore

/// Adds to every answer of the web front the headers that keep a page to itself: a Content-Security-Policy
/// that runs only the server's own script and style (no inline ones) and loads images from anywhere, no
/// framing, no sniffing, no referrer; and, for pages, no caching (they show a signed-in person's library).
struct SecurityHeaders: RouterMiddleware {
    typealias Context = ServeContext

    /// The policy: the server's own files, images from anywhere (an article's), nothing posted elsewhere.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src * data:; script-src 'self'; style-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The policy when images come through the server's media proxy: none from elsewhere.
    static let proxiedContentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Whether article images come through the media proxy.
    let proxiesImages: Bool

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        let fields = response.headers
        // An answer with a policy of its own (an image of the media proxy: sandboxed) keeps it.
        if fields[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = proxiesImages ? Self.proxiedContentSecurityPolicy : Self.contentSecurityPolicy
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[WebHeader.referrerPolicy] = "no-referrer"
        response.headers[WebHeader.frameOptions] = "DENY"
        response.headers[WebHeader.openerPolicy] = "same-origin"
        if fields[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
