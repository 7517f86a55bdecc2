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
/// One thread per connection and one request per connection. Responses do not say `Connection: close`; after
/// its script the server keeps the connection a moment and then closes it without a word, as servers with a
/// short keep-alive timeout do, so that a client reusing connections meets that too.
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
            guard let path = Self.readRequestPath(client) else {
                close(client)
                return
            }
            log.paths.withLock { $0.append(path) }
            let notFound = Step.send(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8))
            Self.play(routes[path] ?? [notFound], on: client)
        }
    }

    /// `http://127.0.0.1:port/path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The paths requested so far, in order.
    var seen: [String] { log.paths.withLock { $0 } }

    /// Reads a request head (at most 64 KiB) and returns its path.
    private static func readRequestPath(_ client: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 || received.count > 64 * 1024 { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        let requestLine = String(decoding: received.prefix { $0 != 0x0D }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Plays `steps` on `client`, then lingers briefly and closes, unless a step reset the connection or the
    /// client went away.
    private static func play(_ steps: [Step], on client: Int32) {
        defer { close(client) }
        for step in steps {
            switch step {
            case .send(let data):
                guard write(data, to: client) else { return }
            case .trickle(let data, let interval):
                for byte in data {
                    guard write(Data([byte]), to: client) else { return }
                    Thread.sleep(forTimeInterval: interval)
                }
            case .endless(let data):
                while write(data, to: client) {}
                return
            case .reset:
                var abort = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
                return
            }
        }
        Thread.sleep(forTimeInterval: 0.05)
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
