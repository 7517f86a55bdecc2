import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A browser as the web front sees one, over plain HTTP: it keeps the cookies the server sets, follows no
/// redirection by itself (the tests look at each), and reads the anti-forgery token from a page's forms.
final class Browser: @unchecked Sendable {  // used by one test task at a time
    let base: String
    let client: HTTPClient
    /// The cookies set so far, by name.
    private(set) var cookies: [String: String] = [:]
    /// Headers every request carries (a `User-Agent`).
    var headers: [String: String] = ["User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36"]

    struct Page {
        let status: Int
        let body: String
        let headers: [(String, String)]

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        func all(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
        var location: String? { header("Location") }

        /// The value of the first hidden `csrf` field.
        var csrf: String? { Browser.field("csrf", in: body) }
    }

    private init(base: String, client: HTTPClient) {
        self.base = base
        self.client = client
    }

    /// Runs `work` with a new browser for `base`, shutting it down after.
    static func with<T>(_ base: String, _ work: (Browser) async throws -> T) async throws -> T {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await work(Browser(base: base, client: client))
            try await client.shutdown()
            return result
        } catch {
            try await client.shutdown()
            throw error
        }
    }

    /// Loads `path`.
    func get(_ path: String, headers extra: [String: String] = [:]) async throws -> Page {
        try await send(.GET, path, body: nil, contentType: nil, headers: extra)
    }

    /// Posts `fields` as a form to `path`.
    func post(_ path: String, _ fields: [(String, String)], headers extra: [String: String] = [:]) async throws -> Page {
        let form = fields.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return try await send(.POST, path, body: form, contentType: "application/x-www-form-urlencoded", headers: extra)
    }

    /// Posts `fields` and one file as `multipart/form-data` to `path`, as a file input's form does.
    func postFile(_ path: String, _ fields: [(String, String)], file: (name: String, filename: String, content: String)) async throws -> Page {
        let boundary = "----rss-serve-test-\(UUID().uuidString)"
        var body = ""
        for (name, value) in fields {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\n"
        body += "Content-Type: text/x-opml\r\n\r\n\(file.content)\r\n--\(boundary)--\r\n"
        return try await send(.POST, path, body: body, contentType: "multipart/form-data; boundary=\(boundary)", headers: [:])
    }

    /// Signs in through the form; returns the answer to the form's post.
    func signIn(_ name: String, _ password: String) async throws -> Page {
        let form = try await get("/web/login")
        return try await post("/web/login", [("csrf", form.csrf ?? ""), ("name", name), ("password", password)])
    }

    /// Forgets a cookie, or sets one by hand (another browser's, a forged one).
    func setCookie(_ name: String, _ value: String?) {
        cookies[name] = value
    }

    private func send(
        _ method: HTTPMethod, _ path: String, body form: String?, contentType: String?, headers extra: [String: String]
    ) async throws -> Page {
        var request = HTTPClientRequest(url: path.hasPrefix("http") ? path : base + path)
        request.method = method
        for (name, value) in headers.merging(extra, uniquingKeysWith: { $1 }) { request.headers.add(name: name, value: value) }
        if !cookies.isEmpty {
            request.headers.add(name: "Cookie", value: cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if let form, let contentType {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(string: form))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        for value in response.headers["Set-Cookie"] {
            let pair = value.split(separator: ";").first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let cookie = String(pair[pair.index(after: equals)...])
            cookies[name] = cookie.isEmpty || value.contains("Max-Age=0") ? nil : cookie
        }
        return Page(status: Int(response.status.code), body: String(buffer: bytes), headers: response.headers.map { ($0.name, $0.value) })
    }

    /// The value of the first `<input … name="NAME" value="…">` of `html`, unescaped.
    static func field(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }
}
