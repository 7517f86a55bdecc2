import Foundation
import HTTPTypes
import Hummingbird
import ServeCore

/// The Fever API, at Miniflux's address (`/fever/`, what apps are told to type; `/fever` too, without the
/// redirect that turns an app's POST into a GET) and FreshRSS's (`/api/fever.php`, and `/api/fever.php/`
/// as Readrops adds it), by GET and POST alike; see docs/serve.md.
///
/// Every answer is JSON with HTTP 200, a refused key included (`{"api_version":3,"auth":0}`), as Fever
/// answers: apps read `auth`, not the status. The one exception is an address that has used its sign-in
/// attempts, which gets 429 with `Retry-After` (and the same refusal as its body).
struct FeverRoutes: Sendable {
    let authentication: FeverAuthentication
    let libraries: ServeLibraries

    /// Where the API answers: Hummingbird's router matches these with or without a trailing slash.
    static let paths = ["/fever", "/api/fever.php"]

    init(libraries: ServeLibraries, accounts: AccountBook, limiter: LoginLimiter) {
        self.libraries = libraries
        authentication = FeverAuthentication(accounts: accounts, limiter: limiter)
    }

    func register(on router: Router<ServeContext>) {
        for path in Self.paths {
            router.get(RouterPath(path)) { request, context in try await handle(request, context: context) }
            router.post(RouterPath(path)) { request, context in try await handle(request, context: context) }
        }
    }

    func handle(_ request: Request, context: ServeContext) async throws -> Response {
        let fever = FeverRequest(try await FeverParameters.of(request))
        switch try authentication.check(fever.apiKey, address: context.clientAddress) {
        case .refused:
            return try FeverAnswer.refused.response()
        case .locked(let seconds):
            var response = try FeverAnswer.refused.response(status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        case .user(let user):
            return try await FeverResponder(library: try await libraries.library(for: user)).answer(fever).response()
        }
    }
}
