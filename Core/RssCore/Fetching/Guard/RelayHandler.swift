import NIOCore

/// One end of a relay between two connections on the same event loop: what one reads, the other writes, and
/// a side stops reading while the other cannot take more (so a fast server cannot fill memory behind a slow
/// client). Closing either closes both.
final class RelayHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private var partner: RelayHandler?
    private var context: ChannelHandlerContext?
    private var readPending = false

    private init() {}

    /// Two ends that relay to each other.
    static func pair() -> (RelayHandler, RelayHandler) {
        let first = RelayHandler()
        let second = RelayHandler()
        first.partner = second
        second.partner = first
        return (first, second)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner?.forward(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        partner?.flushForwarded()
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.closeFromPartner()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.resumeReading() }
    }

    func read(context: ChannelHandlerContext) {
        if partner?.isWritable ?? true {
            context.read()
        } else {
            readPending = true
        }
    }

    private var isWritable: Bool { context?.channel.isWritable ?? false }

    private func forward(_ data: NIOAny) {
        context?.write(data, promise: nil)
    }

    private func flushForwarded() {
        context?.flush()
    }

    private func closeFromPartner() {
        context?.close(promise: nil)
    }

    private func resumeReading() {
        guard readPending, let context else { return }
        readPending = false
        context.read()
    }
}
