import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import ServeCore

/// Where one connection stands, and the deadline of that stage: shared by its two handlers, on the
/// connection's event loop.
final class ConnectionWatch {
    enum Stage {
        /// Waiting for the first byte of a request (a new connection counts as one that has begun).
        case idle
        /// Reading a request's head.
        case head
        /// Reading its body.
        case body
        /// The server is answering: no deadline.
        case answering
    }

    let limits: ConnectionLimits
    private(set) var stage: Stage = .head
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    /// Bytes arrived while answering (a pipelined request): its head is under way.
    private var bytesWhileAnswering = false

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func start(_ context: ChannelHandlerContext) {
        self.context = context
        enter(.head)
    }

    func stop() {
        deadline?.cancel()
        deadline = nil
        context = nil
    }

    func bytesArrived() {
        switch stage {
        case .idle: enter(.head)
        case .answering: bytesWhileAnswering = true
        case .head, .body: break
        }
    }

    func headRead() { enter(.body) }
    func requestRead() { enter(.answering) }

    func responseWritten() {
        if stage == .answering {
            enter(bytesWhileAnswering ? .head : .idle)
            bytesWhileAnswering = false
        }
    }

    private func enter(_ next: Stage) {
        stage = next
        deadline?.cancel()
        deadline = nil
        let timeout: Duration
        switch next {
        case .idle: timeout = limits.idleTimeout
        case .head: timeout = limits.headTimeout
        case .body: timeout = limits.bodyTimeout
        case .answering: return
        }
        guard let context else { return }
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            bound.value.context?.close(promise: nil)
        }
    }
}

/// First in a connection's pipeline, on the bytes as they arrive: counts the connection (closing it at once
/// beyond the cap) and starts a request's head deadline at its first byte.
final class ConnectionBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let watch: ConnectionWatch
    let count: ConnectionCount
    private var counted = false

    init(watch: ConnectionWatch, count: ConnectionCount) {
        self.watch = watch
        self.count = count
    }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        guard count.open(maximum: watch.limits.maximumConnections) else {
            context.close(promise: nil)
            return
        }
        watch.start(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        watch.stop()
        if counted {
            counted = false
            count.close()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        watch.bytesArrived()
        context.fireChannelRead(data)
    }
}

/// After HTTP decoding: tells the connection's watch (that of its ``ConnectionBytesHandler``) when a request's
/// head and body are read and its response written; and closes the connection once a response that says
/// `Connection: close` is written (a 413 sent before the body was read: Hummingbird would otherwise read the
/// rest of the body to reach the next request).
final class RequestProgressHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var watch: ConnectionWatch?
    private var closesAfterResponse = false

    init() {}

    func handlerAdded(context: ChannelHandlerContext) {
        watch = try? context.pipeline.syncOperations.handler(type: ConnectionBytesHandler.self).watch  // none: not watched
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: watch?.headRead()
        case .end: watch?.requestRead()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.headerFields[.connection]?.lowercased() == "close" { closesAfterResponse = true }
            context.write(data, promise: promise)
        case .end:
            let written = promise ?? context.eventLoop.makePromise()
            let bound = NIOLoopBound((watch: watch, context: context, closes: closesAfterResponse), eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in
                let (watch, context, closes) = bound.value
                if closes {
                    context.close(promise: nil)
                } else {
                    watch?.responseWritten()
                }
            }
            context.write(data, promise: written)
        case .body:
            context.write(data, promise: promise)
        }
    }
}
