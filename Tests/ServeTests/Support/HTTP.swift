import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RssCore
import ReduxVM

/// Plain HTTP requests to the server under test, through one AsyncHTTPClient that is always shut down.
struct HTTP {
    struct Answer {
        let status: Int
        let body: String
        let headers: [(String, String)]

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    let base: String
    let client: HTTPClient

    /// Runs `work` with a client for `base`, shutting the client down after.
    static func with<T>(_ base: String, _ work: (HTTP) async throws -> T) async throws -> T {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let result = try await work(HTTP(base: base, client: client))
            try await client.shutdown()
            return result
        } catch {
            try await client.shutdown()
            throw error
        }
    }

    func send(
        _ method: HTTPMethod = .GET, _ path: String, headers: [String: String] = [:], form: String? = nil,
        body: Data? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: form))
        } else if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Answer(
            status: Int(response.status.code), body: String(buffer: bytes),
            headers: response.headers.map { ($0.name, $0.value) })
    }

    /// Signs in with ClientLogin and returns the Auth token.
    func login(_ user: String = ServeProcess.user, _ password: String = ServeProcess.password) async throws -> String? {
        let answer = try await send(.POST, "/accounts/ClientLogin", form: "Email=\(user)&Passwd=\(Self.encode(password))")
        guard answer.status == 200 else { return nil }
        return answer.body.split(separator: "\n").first { $0.hasPrefix("Auth=") }.map { String($0.dropFirst(5)) }
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
