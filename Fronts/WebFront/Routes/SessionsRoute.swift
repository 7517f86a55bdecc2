import Foundation
import Hummingbird
import ServeCore

/// The sessions page, and ending a session from it.
struct SessionsRoute: Sendable {
    let accounts: AccountBook
    let cookies: SessionCookie

    func page(_ request: Request, context: ServeContext, notice: String? = nil) async throws -> Response {
        let user = context.user ?? ""
        let current = context.webSession.map(TokenSecret.hash)
        let dates = DateText()
        let rows = try accounts.sessions(of: user).map { token in
            SessionsPage.Row(
                id: token.id, kind: token.kind == .web ? "Browser" : "App (Google Reader sign-in)", label: token.label,
                created: dates.long(token.createdAt), lastUsed: token.lastUsedAt.map(dates.long),
                isCurrent: token.hash == current)
        }
        let frame = PageFrame(
            title: "Sessions", user: user, csrf: CSRFToken.make(for: context.webSession ?? ""), selection: nil, library: nil)
        return WebAnswer.page(SessionsPage(frame: frame, rows: rows, notice: notice).html)
    }

    /// Ends the session the form names, if it is the account's; ending this browser's signs it out.
    func revoke(_ request: Request, context: ServeContext) async throws -> Response {
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        guard let id = form["id"], let user = context.user else { throw HTTPError(.badRequest) }
        let isCurrent = context.webSession.map { TokenSecret.hash($0).hasPrefix(id) } ?? false
        guard try accounts.endSession(id: id, of: user) else {
            return try await page(request, context: context, notice: "There is no such session (it may have ended already).")
        }
        if isCurrent { return WebAnswer.redirect(to: WebPath.login, cookies: [cookies.clearing(SessionCookie.sessionName)]) }
        return WebAnswer.redirect(to: WebPath.sessions)
    }
}
