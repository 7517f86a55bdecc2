import AsyncHTTPClient
import NIOCore

/// The HTTP clients of an ``HTTPFeedFetcher`` that connect through an ``AddressGuard``: one per policy in use
/// (in a server, the one its API adds sources under), made at its first fetch and kept.
actor GuardedClients {
    private var made: [AddressPolicy: (client: HTTPClient, guard: AddressGuard)] = [:]
    private let configuration: HTTPClient.Configuration
    private let resolver: any HostResolver
    private let connectTimeout: Duration
    private var isShutDown = false

    /// Clients configured as `configuration`, their guards resolving with `resolver` and giving up connecting
    /// after `connectTimeout` (a little less than the client's own limit, so that the guard's reason is heard).
    init(configuration: HTTPClient.Configuration, resolver: any HostResolver, connectTimeout: Duration) {
        self.configuration = configuration
        self.resolver = resolver
        self.connectTimeout = connectTimeout
    }

    /// The client and guard for `policy`.
    func client(for policy: AddressPolicy) async throws(FetchError) -> (client: HTTPClient, guard: AddressGuard) {
        if let found = made[policy] { return found }
        guard !isShutDown else { throw .cancelled }
        let addressGuard: AddressGuard
        do {
            addressGuard = try await AddressGuard.start(policy: policy, resolver: resolver, connectTimeout: connectTimeout)
        } catch {
            throw .connection(.other("cannot start the address guard: \(error)"))
        }
        if let found = made[policy] {
            // Another fetch made one meanwhile (the actor was free while this one started).
            await addressGuard.shutdown()
            return found
        }
        var configuration = configuration
        configuration.proxy = .server(
            host: "127.0.0.1", port: addressGuard.port,
            authorization: .basic(username: addressGuard.secret.user, password: addressGuard.secret.password))
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        made[policy] = (client, addressGuard)
        return (client, addressGuard)
    }

    /// Shuts every client and guard down.
    func shutdown() async {
        isShutDown = true
        for (client, addressGuard) in made.values {
            try? await client.shutdown()  // fails only when already shut down
            await addressGuard.shutdown()
        }
        made = [:]
    }
}
