import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Where fetches under ``AddressPolicy/publicWeb(allowing:)`` connect: an HTTP `CONNECT` proxy inside the
/// process, on a loopback port, that resolves each host name once, refuses the addresses the policy does not
/// allow, connects to an allowed one (the one checked), and then relays bytes both ways.
///
/// AsyncHTTPClient tunnels every request through a configured proxy with `CONNECT` (TLS is between it and the
/// server, through the tunnel), and it offers no other way to see or choose the address it connects to. So
/// the check is made on the connection itself: a redirect to `http://127.0.0.1/`, a name that resolves to a
/// private address, or one that resolved to a public address a moment before (DNS rebinding) all meet it.
///
/// The proxy answers only clients that present its secret (`Proxy-Authorization`), so other local users cannot
/// use it as an open proxy. What became of each target is kept for a minute (``outcome(host:port:)``), so that
/// the fetcher can say why a tunnel was refused in RssCore's own terms rather than as a proxy error.
final class AddressGuard: Sendable {
    /// The loopback port the proxy listens on.
    let port: Int
    /// The user name and password the proxy wants.
    let secret: (user: String, password: String)
    private let listener: any Channel
    private let rules: Rules

    /// What the proxy checks, shared with the connections it accepts.
    final class Rules: Sendable {
        let policy: AddressPolicy
        let resolver: any HostResolver
        let connectTimeout: TimeAmount
        /// `Basic …` as the client sends it.
        let expectedAuthorization: String
        private let outcomes = Mutex<[String: (error: FetchError, at: ContinuousClock.Instant)]>([:])
        /// The targets lately connected to (or tried) at an address the policy allows beyond the public web.
        private let privateTargets = Mutex<[String: ContinuousClock.Instant]>([:])

        init(policy: AddressPolicy, resolver: any HostResolver, connectTimeout: TimeAmount, authorization: String) {
            self.policy = policy
            self.resolver = resolver
            self.connectTimeout = connectTimeout
            expectedAuthorization = authorization
        }

        /// Remembers why the tunnel to `target` failed (nil: it was made).
        func record(_ error: FetchError?, for target: String) {
            let now = ContinuousClock.now
            outcomes.withLock { table in
                table = table.filter { now - $0.value.at < .seconds(60) }
                if let error { table[target] = (error, now) } else { table[target] = nil }
            }
        }

        func outcome(for target: String) -> FetchError? {
            outcomes.withLock { $0[target]?.error }
        }

        /// Remembers, for a minute, that `target` leads to an address on a private network the policy allows.
        func notePrivate(_ target: String) {
            let now = ContinuousClock.now
            privateTargets.withLock { table in
                table = table.filter { now - $0.value < .seconds(60) }
                table[target] = now
            }
        }

        func isPrivate(_ target: String) -> Bool {
            privateTargets.withLock { $0[target] != nil }
        }
    }

    private init(port: Int, secret: (String, String), listener: any Channel, rules: Rules) {
        self.port = port
        self.secret = secret
        self.listener = listener
        self.rules = rules
    }

    /// Starts a proxy applying `policy` on a free loopback port.
    static func start(
        policy: AddressPolicy, resolver: any HostResolver = SystemHostResolver(), connectTimeout: Duration = .seconds(8),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> AddressGuard {
        let user = "rsscore"
        let password = UUID().uuidString + UUID().uuidString
        let authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        let rules = Rules(
            policy: policy, resolver: resolver, connectTimeout: TimeAmount(connectTimeout), authorization: authorization)
        let listener = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TunnelRequestHandler(rules: rules))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return AddressGuard(port: listener.localAddress?.port ?? 0, secret: (user, password), listener: listener, rules: rules)
    }

    /// Why the last tunnel to `host:port` failed within the last minute, if it did.
    func outcome(host: String, port: Int) -> FetchError? {
        rules.outcome(for: Self.target(host: host, port: port))
    }

    /// Whether a tunnel to `host:port` within the last minute led to an address on a private network the policy
    /// allows beyond the public web (``FetchError/privateNetwork(_:)``).
    func ledToPrivateNetwork(host: String, port: Int) -> Bool {
        rules.isPrivate(Self.target(host: host, port: port))
    }

    /// Stops listening (tunnels open stay until their connections close).
    func shutdown() async {
        try? await listener.close()  // already closed: nothing left to stop
    }

    /// The key of a target, as a `CONNECT` line names it.
    static func target(host: String, port: Int) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return "\(host):\(port)"
    }
}
