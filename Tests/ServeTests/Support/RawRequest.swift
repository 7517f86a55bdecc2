#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import RssCore
import ReduxVM
import NIOHTTP1

/// One HTTP/1.1 request over a socket bound to a chosen loopback source address (127.0.0.2, say), to be
/// another client as far as the server's per-address limits go. Returns the status code.
enum RawRequest {
    static func status(from source: String, to port: Int, request: String) throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeProblem("socket: \(errno)") }
        defer { close(descriptor) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServeProblem("bind \(source): \(errno)") }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ServeProblem("connect: \(errno)") }
        let bytes = Array(request.utf8)
        guard send(descriptor, bytes, bytes.count, 0) == bytes.count else { throw ServeProblem("send: \(errno)") }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 12 else { throw ServeProblem("no answer") }
        let line = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let status = Int(line.dropFirst(9).prefix(3)) else { throw ServeProblem("not HTTP: \(line.prefix(40))") }
        return status
    }
}
