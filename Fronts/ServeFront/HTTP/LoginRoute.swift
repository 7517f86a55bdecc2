import Foundation
import HTTPTypes
import Hummingbird
import ServeCore

/// `POST /accounts/ClientLogin` (Google Reader's sign-in): `Email` and `Passwd` in, `SID=`, `LSID=` and
/// `Auth=` lines out, the token in both SID and Auth, as FreshRSS answers. Failures count against the
/// client's address (``/ServeCore/LoginLimiter``).
struct LoginRoute: Sendable {
    let accounts: AccountBook
    let limiter: LoginLimiter

    func handle(_ request: Request, context: ServeContext) async throws -> Response {
        let address = context.clientAddress
        let parameters = try await FormParameters.of(request, context: context)
        guard let name = parameters["Email"], let password = parameters["Passwd"],
            name.count <= RequestLimits.textLength, password.count <= RequestLimits.textLength
        else { throw APIError.badRequest("Email and Passwd are needed") }
        if let seconds = limiter.attempt(address) { throw Self.tooManyAttempts(retryAfter: seconds) }
        guard try await accounts.checkPassword(name: name, password: password) else {
            throw APIError(.unauthorized, "wrong user name or password")
        }
        limiter.recordSuccess(address)
        let token = try accounts.startSession(for: name, password: password)
        return Reply.text("SID=\(token)\nLSID=null\nAuth=\(token)\n")
    }

    /// 429 with the seconds to wait.
    static func tooManyAttempts(retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, "too many failed sign-ins from this address; try again later",
                 headers: [.retryAfter: String(seconds)])
    }
}
