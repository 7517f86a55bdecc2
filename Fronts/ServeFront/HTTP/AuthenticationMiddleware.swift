import Foundation
import HTTPTypes
import Hummingbird

/// Lets a request through only with valid credentials of the kind its API takes, and sets the user.
///
/// - `/reader/…` (Google Reader): `Authorization: GoogleLogin auth=TOKEN`, a token ClientLogin gave (or a
///   `greader` token made with `rss-serve token create`).
/// - `/v1/…` (Miniflux): `X-Auth-Token: TOKEN` (a `miniflux` token), or Basic authentication with a user's
///   password; a wrong password counts against the address's login limit, like ClientLogin.
/// - `/accounts/ClientLogin` is the one open path.
///
/// Anything else needs either kind of credentials too, so that an unauthenticated client learns nothing,
/// not even which paths exist.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let accounts: AccountBook
    let limiter: LoginLimiter

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path == GoogleReaderRoutes.loginPath { return try await next(request, context) }
        var context = context
        context.user = try await user(for: request, path: path, address: context.clientAddress)
        guard context.user != nil else { throw APIError.unauthorized }
        return try await next(request, context)
    }

    private func user(for request: Request, path: String, address: String) async throws -> String? {
        let authorization = request.headers[.authorization] ?? ""
        let googleToken = Self.value(of: "GoogleLogin auth=", in: authorization)
        let minifluxToken = request.headers[Self.authTokenField]
        if path.hasPrefix("/reader/") {
            return try googleToken.flatMap { token throws(AccountFileProblem) in try accounts.user(forToken: token, kind: .googleReader) }
        }
        if path.hasPrefix("/v1/") || path == "/v1" {
            if let minifluxToken { return try accounts.user(forToken: minifluxToken, kind: .miniflux) }
            if let basic = Self.value(of: "Basic ", in: authorization) { return try await basicUser(basic, address: address) }
            return nil
        }
        if let googleToken { return try accounts.user(forToken: googleToken, kind: .googleReader) }
        if let minifluxToken { return try accounts.user(forToken: minifluxToken, kind: .miniflux) }
        return nil
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
