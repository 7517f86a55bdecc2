import Foundation
import LoopbackListener
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for end-to-end tests: one thread, one request per connection, answers
/// from a routing closure, and a log of the requests it saw (path and headers).
final class LoopbackFeedServer: Sendable {
    /// One request as the server saw it.
    struct Request: Sendable {
        let path: String
        /// Header names lowercased.
        let headers: [String: String]
    }

    /// One answer.
    struct Response: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: Data = Data()
        /// Wait this long before answering (a slow server).
        var delay: TimeInterval = 0
    }

    let port: UInt16
    private let listener: LoopbackListener
    private final class Log: Sendable {
        let requests = Mutex<[Request]>([])
    }

    private let log = Log()

    /// Starts listening; `route` answers every request.
    init(route: @escaping @Sendable (Request) -> Response) throws {
        listener = try LoopbackListener()
        port = listener.port
        let log = self.log
        listener.start { client in
            Self.serve(client, route: route, log: { request in log.requests.withLock { $0.append(request) } })
        }
    }

    /// `http://127.0.0.1:port/path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The requests seen so far.
    var seen: [Request] { log.requests.withLock { $0 } }

    private static func serve(_ client: Int32, route: (Request) -> Response, log: (Request) -> Void) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { return }
            received.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let request = Request(path: String(parts[1]), headers: headers)
        log(request)
        let response = route(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        var text =
            "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        var output = Data((text + "\r\n").utf8)
        output.append(response.body)
        output.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(client, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
