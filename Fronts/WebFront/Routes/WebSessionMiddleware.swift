import Foundation
import HTTPTypes
import Hummingbird
import ServeCore

/// Lets a request to a page of the web front through only from a signed-in browser: its session cookie names
/// a session of the accounts file that is not over, and the request gets that account and its library. A
/// browser without one is sent to the sign-in page (and back to the page it asked for after).
struct WebSessionMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let accounts: AccountBook
    let libraries: ServeLibraries

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        guard let token = SessionCookie.value(SessionCookie.sessionName, in: request),
            let user = try accounts.webSessionUser(token: token, lifetime: TimeInterval(SessionCookie.sessionLifetime))
        else {
            let asked = request.method == .get ? request.uri.string : nil
            return WebAnswer.redirect(to: WebLink(path: WebPath.login, query: [("next", asked.map { WebForm.localPath($0, fallback: "") })]).text)
        }
        var context = context
        context.user = user
        context.webSession = token
        context.library = try await libraries.library(for: user)
        return try await next(request, context)
    }
}
