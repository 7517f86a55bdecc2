import Foundation
import HTTPTypes
import Hummingbird
import ServeCore

/// Signing in and out. The sign-in form carries the token of a login cookie set with it (a forged form from
/// another site has neither); a password is checked under the server's login limit, as the apps' sign-ins are;
/// success starts a session of the accounts file and sets its cookie.
struct LoginRoutes: Sendable {
    let accounts: AccountBook
    let limiter: LoginLimiter
    let cookies: SessionCookie

    /// The form, with a new login cookie.
    func form(_ request: Request, context: ServeContext, problem: String? = nil, name: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let secret = SessionCookie.value(SessionCookie.loginName, in: request) ?? TokenSecret.make()
        let next = request.uri.queryParameters["next"].map { WebForm.localPath(String($0), fallback: "") }
        var response = WebAnswer.page(
            LoginPage(csrf: CSRFToken.make(for: secret), problem: problem, name: name, next: next?.isEmpty == false ? next : nil).html,
            status: status)
        response.headers.append(HTTPField(name: .setCookie, value: cookies.setting(SessionCookie.loginName, secret, seconds: SessionCookie.loginLifetime)))
        return response
    }

    /// Checks the name and password; signed in, the browser goes where it was going (or to the unread list).
    func signIn(_ request: Request, context: ServeContext) async throws -> Response {
        let secret = SessionCookie.value(SessionCookie.loginName, in: request)
        let form: WebForm
        do {
            form = try await WebForm.read(request, context: context, secret: secret)
        } catch let error as HTTPError where error.status == .forbidden {
            return try await self.form(request, context: context, problem: "The sign-in form expired: please sign in again.", status: .forbidden)
        }
        let name = form["name"] ?? ""
        let password = form["password"] ?? ""
        if let seconds = limiter.attempt(context.clientAddress) {
            var response = try await self.form(
                request, context: context, problem: "Too many attempts from this address: try again in \(seconds) seconds.",
                name: name, status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        guard !name.isEmpty, try await accounts.checkPassword(name: name, password: password) else {
            return try await self.form(request, context: context, problem: "Wrong name or password.", name: name, status: .unauthorized)
        }
        limiter.recordSuccess(context.clientAddress)
        let token = try accounts.startWebSession(for: name, label: Self.label(of: request, address: context.clientAddress))
        let next = WebForm.localPath(form["next"], fallback: WebPath.list(.unread))
        return WebAnswer.redirect(to: next, cookies: [
            cookies.setting(SessionCookie.sessionName, token, seconds: SessionCookie.sessionLifetime),
            cookies.clearing(SessionCookie.loginName),
        ])
    }

    /// Ends this browser's session and forgets its cookie.
    func signOut(_ request: Request, context: ServeContext) async throws -> Response {
        _ = try await WebForm.read(request, context: context, secret: context.webSession)
        if let token = context.webSession { try accounts.endWebSession(token: token) }
        return WebAnswer.redirect(to: WebPath.login, cookies: [cookies.clearing(SessionCookie.sessionName)])
    }

    /// What the sessions page calls a browser: its name from the `User-Agent`, and the address it signed in from.
    static func label(of request: Request, address: String) -> String {
        let agent = request.headers[.userAgent] ?? ""
        let browser = ["Firefox", "Edg", "OPR", "Chromium", "Chrome", "Safari"].first { agent.contains($0 + "/") }
            .map { $0 == "Edg" ? "Edge" : $0 == "OPR" ? "Opera" : $0 } ?? "a browser"
        return "\(browser) from \(address)"
    }
}
