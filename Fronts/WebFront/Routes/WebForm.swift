import Foundation
import HTTPTypes
import Hummingbird
import ServeCore

/// A form a page posted: its fields, read only once the request is known to come from a page of this server
/// (its `Origin` and `Sec-Fetch-Site`, when the browser sends them) and to carry the anti-forgery token of
/// the browser's cookie. Anything else is a 403 that changes nothing.
struct WebForm: Sendable {
    let fields: FormParameters

    /// A field's value.
    subscript(_ name: String) -> String? { fields[name] }

    /// The form of `request`, checked against `secret` (the session's token, or the login cookie's).
    static func read(_ request: Request, context: ServeContext, secret: String?) async throws -> WebForm {
        guard isSameOrigin(request) else { throw HTTPError(.forbidden, message: "This form came from another site.") }
        let fields = try await FormParameters.of(request, context: context)
        try checkToken(fields["csrf"], secret: secret)
        return WebForm(fields: fields)
    }

    /// Throws the 403 of a form whose anti-forgery token is not the one of the browser's `secret`.
    static func checkToken(_ token: String?, secret: String?) throws {
        guard let secret, CSRFToken.isValid(token, for: secret) else {
            throw HTTPError(.forbidden, message: "This form has expired: load the page again and send it from there.")
        }
    }

    /// Whether the browser says the request comes from this server's own pages: no `Sec-Fetch-Site` other than
    /// `same-origin` (or `none`, typed by the user), and an `Origin`, when sent, naming the host the request
    /// was sent to. `Origin: null` says nothing (browsers send it for a form of a page with
    /// `Referrer-Policy: no-referrer`, as these are): the token decides.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[WebHeader.fetchSite], site != "same-origin", site != "none" { return false }
        guard let origin = request.headers[.origin], origin != "null" else { return true }
        guard let host = request.head.authority else { return false }
        guard let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    /// A path of the web front to send the browser back to after a form (`back`, `next`): a path under
    /// ``WebPath/root``, never another host (`//host`, `/\host`) or scheme; else `fallback`.
    static func localPath(_ text: String?, fallback: String) -> String {
        guard let text, text.hasPrefix(WebPath.root + "/") || text == WebPath.root,
            !text.contains("\\"), !text.contains("//"), text.count <= 4096,
            !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return fallback }
        return text
    }
}
