import Foundation
import LoopbackServers
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw-socket server on 127.0.0.1 that answers each path with a script of bytes, trickles, floods and
/// resets: the responses no HTTP library would send, all from one server at once.
///
/// One thread per connection. Responses do not say `Connection: close`, so the server behaves as an HTTP/1.1
/// server with a short keep-alive timeout does: it answers every request the connection carries, each with its
/// path's script, and closes the connection without a word once it has been idle for ``keepAlive``. It closes
/// as such servers do (nginx's lingering close): it stops writing, then reads and drops what the client still
/// sends until the client closes too, because closing a socket with unread bytes sends a TCP reset, and a reset
/// makes the client's kernel drop what it had not read yet. Only the ``Step/reset`` step resets a connection.
final class HostileFeedServer: Sendable {
    /// One thing the server does on a connection, in order.
    enum Step: Sendable {
        /// Writes these bytes.
        case send(Data)
        /// Writes these bytes one at a time, `interval` seconds apart (a slow loris).
        case trickle(Data, interval: TimeInterval)
        /// Writes these bytes again and again until the client goes away.
        case endless(Data)
        /// Ends the connection with a TCP reset (SO_LINGER 0) instead of a close.
        case reset
    }

    let port: UInt16
    private let listener: LoopbackListener
    private final class Log: Sendable {
        let paths = Mutex<[String]>([])
    }

    private let log = Log()

    /// Starts listening; `script` gives, for the port chosen, the steps of every path (others get a 404).
    init(script: (_ port: UInt16) -> [String: [Step]]) throws {
        listener = try LoopbackListener()
        port = listener.port
        let routes = script(port)
        let log = self.log
        listener.start { client in
            Self.serve(client, routes: routes, log: log)
        }
    }

    /// How long a connection may stay idle after a response before the server closes it: long enough that a
    /// client reusing the connection at once, even on a machine busy with other work, is answered rather than
    /// closed on.
    static let keepAlive: TimeInterval = 0.5
    /// How long the closing server waits for the client to close its side, reading what it still sends.
    static let lingerLimit: TimeInterval = 2

    /// `http://127.0.0.1:port/path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The paths requested so far, in order.
    var seen: [String] { log.paths.withLock { $0 } }

    /// Answers each request `client` sends with its path's steps (others get a 404) until the connection has
    /// been idle for ``keepAlive``, then closes it without a reset; ends at once when a step ended the
    /// connection.
    private static func serve(_ client: Int32, routes: [String: [Step]], log: Log) {
        var received = Data()
        var idleLimit: TimeInterval? = nil  // the first request is waited for as long as it takes
        while let path = readRequestPath(client, &received, idleLimit: idleLimit) {
            log.paths.withLock { $0.append(path) }
            let notFound = Step.send(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8))
            guard play(routes[path] ?? [notFound], on: client) else {
                close(client)
                return
            }
            idleLimit = keepAlive
        }
        closeWithoutReset(client)
    }

    /// Reads a request head (at most 64 KiB) into `received`, which keeps any bytes after it for the next
    /// request, and returns its path; nil when the client closes or sends nothing for `idleLimit` seconds.
    private static func readRequestPath(_ client: Int32, _ received: inout Data, idleLimit: TimeInterval?) -> String? {
        let endOfHead = Data("\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: endOfHead) == nil {
            if let idleLimit, !isReadable(client, within: idleLimit) { return nil }
            let count = read(client, &buffer, buffer.count)
            if count <= 0 || received.count > 64 * 1024 { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let head = received[..<received.range(of: endOfHead)!.upperBound]
        received.removeSubrange(..<head.endIndex)
        let requestLine = String(decoding: head.prefix { $0 != 0x0D }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Plays `steps` on `client`; false when a step reset the connection or the client went away.
    private static func play(_ steps: [Step], on client: Int32) -> Bool {
        for step in steps {
            switch step {
            case .send(let data):
                guard write(data, to: client) else { return false }
            case .trickle(let data, let interval):
                for byte in data {
                    guard write(Data([byte]), to: client) else { return false }
                    Thread.sleep(forTimeInterval: interval)
                }
            case .endless(let data):
                while write(data, to: client) {}
                return false
            case .reset:
                var abort = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
                return false
            }
        }
        return true
    }

    /// Closes `client` the way a server ending a keep-alive connection should: stops writing (the client
    /// reads the end), then drops whatever the client still sends (a request that crossed the close) until the
    /// client closes or ``lingerLimit`` passes, so that the close is never a reset.
    private static func closeWithoutReset(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        let deadline = Date().addingTimeInterval(lingerLimit)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, isReadable(client, within: left), read(client, &buffer, buffer.count) > 0 else { break }
        }
        close(client)
    }

    /// Whether `client` has bytes (or its end) to read within `seconds`.
    private static func isReadable(_ client: Int32, within seconds: TimeInterval) -> Bool {
        var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, Int32(max(1, (seconds * 1000).rounded(.up))))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Writes all of `data`; false once the client is gone (no SIGPIPE: `MSG_NOSIGNAL`).
    private static func write(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }
}
