import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that answers every connection's first bytes with canned bytes, then closes or
/// hangs: for responses no HTTP server library would send.
final class RawServer: Sendable {
    let channel: any Channel
    var port: Int { channel.localAddress?.port ?? 0 }

    private init(channel: any Channel) {
        self.channel = channel
    }

    /// What the server does with a second request on a connection it answered once.
    enum LaterRequest: Sendable {
        /// Nothing: the request waits forever.
        case ignore
        /// Closes the connection without answering, as a server does that closed an idle keep-alive
        /// connection just as the client reused it.
        case close
        /// The same with a TCP reset (SO_LINGER 0), as when unread bytes were left.
        case reset
    }

    /// Starts a server that answers with `reply` and then closes the connection if `close`; a second request
    /// on a connection left open gets `later`.
    static func start(_ reply: [UInt8], close: Bool, later: LaterRequest = .ignore) async throws -> RawServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        CannedReply(reply: reply, close: close, later: later))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return RawServer(channel: channel)
    }

    func stop() async {
        try? await channel.close()
    }
}

/// Writes its reply once, when the request starts arriving.
private final class CannedReply: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let reply: [UInt8]
    let close: Bool
    let later: RawServer.LaterRequest
    var replied = false
    /// Request bytes seen since the reply, to tell a second request from the rest of the first.
    var afterReply: [UInt8] = []

    init(reply: [UInt8], close: Bool, later: RawServer.LaterRequest) {
        self.reply = reply
        self.close = close
        self.later = later
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !replied else {
            afterReply += unwrapInboundIn(data).readableBytesView
            guard later != .ignore, String(decoding: afterReply, as: UTF8.self).contains("GET /") else { return }
            if later == .reset, let socket = context.channel as? any SocketOptionProvider {
                _ = socket.unsafeSetSocketOption(level: .socket, name: .so_linger, value: AbortiveLinger())
            }
            context.close(promise: nil)
            return
        }
        replied = true
        let done = context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply)))
        if close {
            let context = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in context.value.close(promise: nil) }
        }
    }
}

/// `struct linger { l_onoff = 1, l_linger = 0 }`: closing then sends a reset instead of a FIN.
private struct AbortiveLinger: Sendable {
    var onOff: Int32 = 1
    var seconds: Int32 = 0
}
