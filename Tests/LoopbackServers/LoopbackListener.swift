import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A listening TCP socket on 127.0.0.1, on a port the system chooses, whose connections are each handed to a
/// closure on a thread of their own: the part the end-to-end tests' raw HTTP servers share (each speaks HTTP,
/// or breaks it, in its own way).
///
/// Two steps, so that a server can build its answers from the port before the first connection is accepted.
/// Closing (on `deinit`) ends the accept loop; connections already handed over are their handler's to close.
public final class LoopbackListener: Sendable {
    /// The port chosen.
    public let port: UInt16
    private let descriptor: Int32

    /// Binds and listens; nothing is accepted before ``start(_:)``.
    public init(backlog: Int32 = 128) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Accepts connections until closed, handing each (a file descriptor) to `handle` on a new thread.
    public func start(_ handle: @escaping @Sendable (Int32) -> Void) {
        let descriptor = self.descriptor
        Thread {
            while true {
                let client = accept(descriptor, nil, nil)
                if client < 0 { return }
                Thread { handle(client) }.start()
            }
        }.start()
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
