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

    /// Starts a server that answers with `reply` and then closes the connection if `close`.
    static func start(_ reply: [UInt8], close: Bool) async throws -> RawServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(CannedReply(reply: reply, close: close))
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
    var replied = false

    init(reply: [UInt8], close: Bool) {
        self.reply = reply
        self.close = close
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !replied else { return }
        replied = true
        let done = context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply)))
        if close {
            let context = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.whenComplete { _ in context.value.close(promise: nil) }
        }
    }
}
