import Foundation
import NIOCore
import NIOPosix

/// One connection to the ``AddressGuard``: reads its `CONNECT host:port` request, checks the secret, resolves
/// the host, refuses what the policy does not allow, connects to an allowed address, answers, and hands the two
/// connections to a pair of ``RelayHandler``s.
///
/// A request that is not a well-formed `CONNECT` within 8 KiB and 10 seconds is answered 400 and closed; a
/// refusal is 403, a failed connection 502, one that timed out 504. The reason is kept in the guard's rules for
/// the fetcher, never sent.
final class TunnelRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let rules: AddressGuard.Rules
    private var head = ByteBuffer()
    private var isConnecting = false
    private var deadline: Scheduled<Void>?

    static let maximumHeadBytes = 8 * 1024

    init(rules: AddressGuard.Rules) {
        self.rules = rules
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .seconds(10)) {
            bound.value.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        guard !isConnecting else {
            // Sent before the answer: kept for the tunnel.
            head.writeBuffer(&bytes)
            return
        }
        head.writeBuffer(&bytes)
        guard let end = head.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) else {
            if head.readableBytes > Self.maximumHeadBytes { answer(400, context: context) }
            return
        }
        let headLength = end.upperBound - head.readableBytesView.startIndex
        guard headLength <= Self.maximumHeadBytes, let text = head.readString(length: headLength),
            let (host, port) = parse(text)
        else {
            answer(400, context: context)
            return
        }
        isConnecting = true
        connect(host: host, port: port, context: context)
    }

    /// The target of a `CONNECT` request carrying the right secret.
    private func parse(_ text: String) -> (String, Int)? {
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let request = lines.first else { return nil }
        let words = request.split(separator: " ")
        guard words.count == 3, words[0] == "CONNECT", words[2].hasPrefix("HTTP/1.") else { return nil }
        let authorized = lines.dropFirst().contains { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            return line[..<colon].lowercased() == "proxy-authorization"
                && line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) == rules.expectedAuthorization
        }
        guard authorized else { return nil }
        let target = words[1]
        guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]),
            (1...65_535).contains(port)
        else { return nil }
        var host = String(target[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        return (host, port)
    }

    private func connect(host: String, port: Int, context: ChannelHandlerContext) {
        let rules = self.rules
        let target = AddressGuard.target(host: host, port: port)
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) { () -> Result<[IPAddress], FetchError> in
            // An address needs no look-up (and a resolver given to the guard answers names only).
            if let literal = IPAddress(host) { return .success([literal]) }
            do throws(FetchError) {
                return .success(try rules.resolver.addresses(of: host))
            } catch {
                return .failure(error)
            }
        }.whenComplete { result in
            let (handler, context) = bound.value
            switch result {
            case .failure, .success(.failure):
                handler.fail(.connection(.hostNotFound), status: 502, target: target, context: context)
            case .success(.success(let addresses)):
                let allowed = addresses.filter { rules.policy.refusal(of: $0) == nil }
                if allowed.contains(where: { $0.kind != nil }) { rules.notePrivate(target) }
                guard !allowed.isEmpty else {
                    let kind = addresses.lazy.compactMap { rules.policy.refusal(of: $0) }.first ?? .reserved
                    handler.fail(.addressNotAllowed(kind), status: 403, target: target, context: context)
                    return
                }
                handler.connect(to: allowed[...], port: port, target: target, lastError: nil, context: context)
            }
        }
    }

    /// Tries `addresses` one after the other.
    private func connect(
        to addresses: ArraySlice<IPAddress>, port: Int, target: String, lastError: FetchError?,
        context: ChannelHandlerContext
    ) {
        guard let address = addresses.first, let socket = try? SocketAddress(ipAddress: address.description, port: port)
        else {
            let error = lastError ?? .connection(.unreachable)
            fail(error, status: error.stage == .timeout ? 504 : 502, target: target, context: context)
            return
        }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        ClientBootstrap(group: context.eventLoop)
            .connectTimeout(rules.connectTimeout)
            .channelOption(.autoRead, value: false)
            .connect(to: socket)
            .whenComplete { result in
                let (handler, context) = bound.value
                switch result {
                case .success(let upstream):
                    handler.rules.record(nil, for: target)
                    handler.establish(upstream, context: context)
                case .failure(let error):
                    handler.connect(
                        to: addresses.dropFirst(), port: port, target: target, lastError: Self.fetchError(error),
                        context: context)
                }
            }
    }

    /// Answers 200 and relays from now on.
    private func establish(_ upstream: any Channel, context: ChannelHandlerContext) {
        guard context.channel.isActive else {
            upstream.close(promise: nil)
            return
        }
        deadline?.cancel()
        let (client, server) = RelayHandler.pair()
        do {
            try upstream.pipeline.syncOperations.addHandler(server)
        } catch {
            upstream.close(promise: nil)
            context.close(promise: nil)
            return
        }
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")), promise: nil)
        let early = head
        let pipeline = context.pipeline
        do {
            try pipeline.syncOperations.addHandler(client)
        } catch {
            upstream.close(promise: nil)
            context.close(promise: nil)
            return
        }
        if early.readableBytes > 0 { upstream.writeAndFlush(early, promise: nil) }
        upstream.setOption(.autoRead, value: true).whenComplete { _ in }
        pipeline.syncOperations.removeHandler(self, promise: nil)
    }

    private func fail(_ error: FetchError, status: Int, target: String, context: ChannelHandlerContext) {
        rules.record(error, for: target)
        answer(status, context: context)
    }

    private func answer(_ status: Int, context: ChannelHandlerContext) {
        let reason = [400: "Bad Request", 403: "Forbidden", 502: "Bad Gateway", 504: "Gateway Timeout"][status] ?? "Error"
        let text = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text))).whenComplete { _ in
            bound.value.close(promise: nil)
        }
    }

    /// What a failed connection means, as RssCore says it.
    private static func fetchError(_ error: any Error) -> FetchError {
        switch error {
        case let error as IOError: HTTPFeedFetcher.connectionFailure(errno: error.errnoCode)
        case ChannelError.connectTimeout: .timeout(.connecting)
        case let error as NIOConnectionError:
            error.connectionErrors.first.map { fetchError($0.error) } ?? .connection(.unreachable)
        default: .connection(.unreachable)
        }
    }
}
