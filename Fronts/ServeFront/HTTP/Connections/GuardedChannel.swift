import HummingbirdCore
import Logging
import NIOCore
import ServeCore

/// A server's connections, each watched (``ConnectionWatch``) before its base channel (TLS, HTTP) sets it up.
struct GuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limits: ConnectionLimits
    let count: ConnectionCount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            // The HTTP channel's RequestProgressHandler finds this handler's watch in the pipeline.
            let watch = ConnectionWatch(limits: limits)
            try channel.pipeline.syncOperations.addHandler(ConnectionBytesHandler(watch: watch, count: count), position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
