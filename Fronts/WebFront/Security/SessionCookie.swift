import HTTPTypes
import Hummingbird

/// The cookies of the web front: the session (a token of kind ``/ServeCore/TokenKind/web``) and, before
/// signing in, the login form's anti-forgery secret.
///
/// Both are `HttpOnly` (no script reads them), `SameSite=Strict` (no other site's page sends them, so a forged
/// form arrives without them), limited to the web front's paths, and `Secure` when the server speaks TLS.
struct SessionCookie: Sendable {
    /// The session cookie's name.
    static let sessionName = "rss_session"
    /// The login form's cookie.
    static let loginName = "rss_login"
    /// How long a session lasts without being used, in seconds: 30 days.
    static let sessionLifetime = 30 * 24 * 3600
    /// How long a login form stays good, in seconds.
    static let loginLifetime = 3600

    /// Whether the server speaks TLS (the cookies are then `Secure`).
    let secure: Bool

    /// The `Set-Cookie` value that stores `value` as `name` for `seconds`.
    func setting(_ name: String, _ value: String, seconds: Int) -> String {
        "\(name)=\(value); Path=\(WebPath.root); Max-Age=\(seconds); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes `name`.
    func clearing(_ name: String) -> String {
        setting(name, "", seconds: 0)
    }

    /// The value of the cookie `name` the request carries, when it carries one that could be ours (URL-safe
    /// base64, at most 100 characters).
    static func value(_ name: String, in request: Request) -> String? {
        for field in request.headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard trimmed.hasPrefix(name + "=") else { continue }
                let value = trimmed.dropFirst(name.count + 1)
                guard !value.isEmpty, value.count <= 100,
                    value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                else { return nil }
                return String(value)
            }
        }
        return nil
    }
}
