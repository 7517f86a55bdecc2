import Foundation
import HTTPTypes
import Hummingbird
import ServeCore

/// Lets a request through only with valid credentials of the kind its API takes (``APIFamily``), and sets the
/// user and the user's library.
///
/// - `/reader/…` (Google Reader): `Authorization: GoogleLogin auth=TOKEN`, a token ClientLogin gave (or a
///   `greader` token made with `rss-serve token create`).
/// - `/v1/…` (Miniflux): `X-Auth-Token: TOKEN` (a `miniflux` token), or Basic authentication with a user's
///   password; a wrong password counts against the address's login limit, like ClientLogin.
/// - `/index.php/apps/news/api/…` (Nextcloud News): Basic authentication.
/// - `/accounts/ClientLogin` is open, and so are Fever's addresses: Fever sends its key in the request, and
///   its routes check it (``FeverRoutes``), answering as Fever does.
/// - The web front's pages (`/` and `/web/…`) sign browsers in with a session cookie of their own
///   (``/WebFront/WebFront``).
///
/// Any other path needs any of those credentials too, so that an unauthenticated client learns nothing, not
/// even which paths exist; with them it is a 404, so that an app trying an API the server lacks is not told
/// its password is wrong.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let accounts: AccountBook
    let limiter: LoginLimiter
    let libraries: ServeLibraries

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let family = APIFamily(path: request.uri.path)
        // Fever checks its key itself; the web front signs its browsers in with its own cookie.
        if family == .googleReaderLogin || family == .fever || family == .web { return try await next(request, context) }
        var context = context
        guard let user = try await user(for: request, family: family, address: context.clientAddress) else {
            throw APIError.unauthorized
        }
        context.user = user
        // An unknown path is a 404 that needs no library opened for it.
        if family != .unknown { context.library = try await libraries.library(for: user) }
        return try await next(request, context)
    }

    private func user(for request: Request, family: APIFamily, address: String) async throws -> String? {
        let authorization = request.headers[.authorization] ?? ""
        let googleToken = Self.value(of: "GoogleLogin auth=", in: authorization)
        let minifluxToken = request.headers[Self.authTokenField]
        let basic = Self.value(of: "Basic ", in: authorization)
        switch family {
        case .googleReader:
            return try googleToken.flatMap { token throws(AccountFileProblem) in try accounts.user(forToken: token, kind: .googleReader) }
        case .miniflux:
            // A token present decides alone, as in Miniflux: a wrong one is not retried as Basic.
            if let minifluxToken { return try accounts.user(forToken: minifluxToken, kind: .miniflux) }
            return try await basic.asyncFlatMap { try await basicUser($0, address: address) }
        case .nextcloudNews:
            return try await basic.asyncFlatMap { try await basicUser($0, address: address) }
        case .unknown, .googleReaderLogin, .fever, .web:
            if let googleToken, let user = try accounts.user(forToken: googleToken, kind: .googleReader) { return user }
            if let minifluxToken, let user = try accounts.user(forToken: minifluxToken, kind: .miniflux) { return user }
            return try await basic.asyncFlatMap { try await basicUser($0, address: address) }
        }
    }

    /// The user Basic credentials name, when their password is right; limited like ClientLogin.
    private func basicUser(_ encoded: String, address: String) async throws -> String? {
        guard let data = Data(base64Encoded: encoded), let text = String(data: data, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { throw APIError.badRequest("malformed Basic credentials") }
        let name = String(text[..<colon])
        let password = String(text[text.index(after: colon)...])
        if accounts.knowsPassword(name: name, password: password) { return name }
        if let seconds = limiter.attempt(address) { throw LoginRoute.tooManyAttempts(retryAfter: seconds) }
        guard try await accounts.checkPassword(name: name, password: password) else { return nil }
        limiter.recordSuccess(address)
        return name
    }

    /// The rest of `header` after `scheme` (case-insensitive), trimmed; nil when it does not start so.
    static func value(of scheme: String, in header: String) -> String? {
        guard header.count > scheme.count, header.lowercased().hasPrefix(scheme.lowercased()) else { return nil }
        let value = header.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    static let authTokenField = HTTPField.Name("X-Auth-Token")!
}

extension Optional {
    /// `transform` of the value, awaited; nil for nil.
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
