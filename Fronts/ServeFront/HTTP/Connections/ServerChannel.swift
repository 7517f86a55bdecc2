import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL
import ServeCore

/// The server's connections: HTTP/1.1, over TLS when configured, each watched by ``ConnectionLimits``.
enum ServerChannel {
    static func builder(tls: TLSConfiguration?, limits: ConnectionLimits, count: ConnectionCount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            // The watch replaces Hummingbird's idle timeout: it also bounds a head or a body sent slowly.
            let http = HTTP1Channel(
                responder: responder, configuration: .init(additionalChannelHandlers: [RequestProgressHandler()]))
            if let tls {
                return GuardedChannel(base: try TLSChannel(http, tlsConfiguration: tls), limits: limits, count: count)
            }
            return GuardedChannel(base: http, limits: limits, count: count)
        }
    }
}
