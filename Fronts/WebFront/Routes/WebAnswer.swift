import Foundation
import HTTPTypes
import Hummingbird

/// The answers of the web front: a page, a redirection after a form, a file.
enum WebAnswer {
    /// A page of HTML.
    static func page(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html.markup)))
    }

    /// "See other": the browser loads `path` (a path of the web front) with GET, as after every form.
    static func redirect(to path: String, cookies: [String] = []) -> Response {
        var headers = HTTPFields()
        headers[.location] = path
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: .seeOther, headers: headers)
    }

    /// JSON for the page's script.
    static func json(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
