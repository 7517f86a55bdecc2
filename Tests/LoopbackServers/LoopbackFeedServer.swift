public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for both fronts' end-to-end tests: a thread per connection, one request
/// each, answers from a routing closure, and a log of what it saw.
///
/// A slow answer waits with an eye on the connection, so the log says when the client hung up first: what a
/// cancelled fetch looks like from the server's side.
public final class LoopbackFeedServer: Sendable {
    /// One request as the server saw it.
    public struct Request: Sendable {
        public let path: String
        /// Header names lowercased.
        public let headers: [String: String]
    }

    /// One answer.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Wait this long before answering (a slow server); the wait ends early if the client hangs up.
        public var delay: TimeInterval

        /// An answer with `status`, and by default no header, no body and no wait.
        public init(status: Int, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }
    }

    /// The port chosen.
    public let port: UInt16
    private let listener: LoopbackListener
    private let log: Log

    private final class Log: Sendable {
        let requests = Mutex<[Request]>([])
        /// Paths of requests whose client closed the connection before the answer was sent.
        let abandoned = Mutex<[String]>([])
        let stopped = Atomic(false)
    }

    /// Starts listening on a free port; `route` answers every request.
    public init(route: @escaping @Sendable (Request) -> Response) throws {
        listener = try LoopbackListener(backlog: 64)
        port = listener.port
        let log = Log()
        self.log = log
        listener.start { client in Self.serve(client, route: route, log: log) }
    }

    deinit {
        log.stopped.store(true, ordering: .relaxed)
    }

    /// `http://127.0.0.1:port/path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The requests seen so far.
    public var seen: [Request] { log.requests.withLock { $0 } }

    /// The paths of requests the client gave up on (closed the connection) while the server was still waiting
    /// to answer: what a cancelled fetch looks like from the server's side.
    public var abandoned: [String] { log.abandoned.withLock { $0 } }

    private static func serve(_ client: Int32, route: (Request) -> Response, log: Log) {
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
        log.requests.withLock { $0.append(request) }
        let response = route(request)
        if response.delay > 0 {
            switch wait(on: client, for: response.delay, log: log) {
            case .elapsed: break
            case .hungUp:
                log.abandoned.withLock { $0.append(request.path) }
                return
            case .stopped: return
            }
        }
        var text =
            "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        var output = Data((text + "\r\n").utf8)
        output.append(response.body)
        output.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private enum WaitEnd { case elapsed, hungUp, stopped }

    /// Waits up to `seconds`, watching the connection; ends early when the client closes it or the server stops.
    private static func wait(on client: Int32, for seconds: TimeInterval, log: Log) -> WaitEnd {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.stopped.load(ordering: .relaxed) { return .stopped }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            let count = recv(client, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return .hungUp }
            if count > 0 { usleep(100_000) }  // unexpected extra bytes: keep waiting, without spinning
        }
        return .elapsed
    }
}
