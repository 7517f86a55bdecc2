import Foundation
import HTTPTypes
import AsyncHTTPClient
import Hummingbird
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The address policy of sources added through a server: addresses classified by the IANA registries, and the
/// guard that checks the address each connection is made to, with names resolved by an injected resolver so
/// that a name can resolve as a test needs (to loopback, differently from one connection to the next).
@Suite("Address guard", .timeLimit(.minutes(5)))
struct AddressGuardTests {
    @Test("addresses are classified as the special-purpose registries say", arguments: [
        ("127.0.0.1", AddressKind?.some(.loopback)), ("127.255.1.2", .loopback), ("::1", .loopback),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.0.1", .privateNetwork), ("100.64.0.1", .privateNetwork), ("fec0::1", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal), ("fd00::1", .uniqueLocal), ("fc00::1", .uniqueLocal),
        ("0.0.0.0", .unspecified), ("0.1.2.3", .unspecified), ("::", .unspecified),
        ("224.0.0.1", .multicast), ("255.255.255.255", .multicast), ("ff02::1", .multicast),
        ("192.0.2.1", .reserved), ("198.51.100.7", .reserved), ("203.0.113.9", .reserved), ("240.0.0.1", .reserved),
        ("2001:db8::1", .reserved), ("::ffff:127.0.0.1", .loopback), ("::ffff:10.0.0.1", .privateNetwork),
        ("64:ff9b::a00:1", .privateNetwork), ("2002:7f00:1::", .loopback),
        ("8.8.8.8", nil), ("93.184.216.34", nil), ("172.32.0.1", nil), ("2606:4700::1111", nil), ("::ffff:8.8.8.8", nil),
        ("64:ff9b::808:808", nil),
    ])
    func classification(text: String, kind: AddressKind?) throws {
        let address = try #require(IPAddress(text))
        #expect(address.kind == kind, "\(text)")
    }

    @Test("networks in CIDR notation; an allowed network lifts the refusal of its addresses only")
    func networks() throws {
        let network = try #require(IPNetwork("192.168.1.0/24"))
        #expect(network.description == "192.168.1.0/24")
        #expect(IPNetwork("192.168.1.77/24")?.description == "192.168.1.0/24")
        #expect(IPNetwork("fd00::/8") != nil && IPNetwork("10.0.0.1")?.prefixLength == 32)
        for bad in ["", "10.0.0.0/33", "::/129", "example.org/8", "10.0.0.0/-1", "10.0.0/8"] { #expect(IPNetwork(bad) == nil, "\(bad)") }
        let policy = AddressPolicy.publicWeb(allowing: [network])
        #expect(policy.refusal(of: IPAddress("192.168.1.9")!) == nil)
        #expect(policy.refusal(of: IPAddress("::ffff:192.168.1.9")!) == nil)
        #expect(policy.refusal(of: IPAddress("192.168.2.9")!) == .privateNetwork)
        #expect(policy.refusal(of: IPAddress("8.8.8.8")!) == nil)
        #expect(AddressPolicy.unrestricted.refusal(of: IPAddress("127.0.0.1")!) == nil)
        #expect(AddressPolicy.publicWeb(allowing: IPNetwork.everyAddress).allowsEveryAddress)
        let decoded = try JSONDecoder().decode(AddressPolicy.self, from: try JSONEncoder().encode(policy))
        #expect(decoded == policy)
        #expect(AddressPolicy(stored: policy.storedText) == policy)
        #expect(AddressPolicy(stored: nil) == .unrestricted && AddressPolicy.unrestricted.storedText == nil)
        #expect(AddressPolicy(stored: "not json") == .publicWeb())
    }

    @Test("a source under the public-web policy may follow http and https to hosts that are no refused address")
    func addresses() {
        let policy = AddressPolicy.publicWeb()
        func check(_ text: String) -> Result<URL, AddressRefusal> { SourceURL.validate(URL(string: text)!, policy: policy) }
        #expect(check("file:///etc/passwd") == .failure(.schemeNotAllowed("file")))
        #expect(check("gopher://example.org/") == .failure(.schemeNotAllowed("gopher")))
        #expect(check("http://127.0.0.1/feed") == .failure(.notAllowed(.loopback)))
        #expect(check("http://[::1]/feed") == .failure(.notAllowed(.loopback)))
        #expect(check("http://localhost:8080/feed") == .failure(.notAllowed(.loopback)))
        #expect(check("http://a.localhost./feed") == .failure(.notAllowed(.loopback)))
        #expect(check("https://169.254.169.254/") == .failure(.notAllowed(.linkLocal)))
        #expect((try? check("https://example.org/feed").get()) != nil)
        #expect((try? SourceURL.validate(URL(string: "file:///tmp/x.xml")!).get()) != nil)
    }

    /// A resolver that answers from a list, one answer per look-up (the last one repeated), and counts them.
    final class ScriptedResolver: HostResolver {
        private let answers: Mutex<[[IPAddress]]>
        let lookups = Atomic(0)

        init(_ answers: [[String]]) {
            self.answers = Mutex(answers.map { $0.compactMap { IPAddress($0) } })
        }

        func addresses(of host: String) throws(FetchError) -> [IPAddress] {
            lookups.wrappingAdd(1, ordering: .relaxed)
            return answers.withLock { list in list.count > 1 ? list.removeFirst() : list[0] }
        }
    }

    /// Fetches `paths` in turn from a loopback server as `http://feeds.test:PORT/…`, resolved by `resolver`,
    /// under `policy`; the server closes each connection, so that each fetch connects (and is checked) anew.
    func fetch(
        _ paths: [String], resolver: ScriptedResolver, policy: AddressPolicy,
        respond: @escaping @Sendable (Request) async throws -> Response = { _ in .ok(sampleFeed, [.connection: "close"]) }
    ) async throws -> (results: [Result<FetchResponse, FetchError>], log: ServerLog, hosts: [String]) {
        let log = ServerLog()
        let hosts = Mutex<[String]>([])
        let server = try await LoopbackServer.start { request in
            log.record(request)
            hosts.withLock { $0.append(request.head.authority ?? "") }
            return try await respond(request)
        }
        let fetcher = HTTPFeedFetcher(configuration: HTTPFetchConfiguration(), now: { Date() }, resolver: resolver)
        var results: [Result<FetchResponse, FetchError>] = []
        for path in paths {
            do throws(FetchError) {
                let url = URL(string: "http://feeds.test:\(server.port)\(path)")!
                results.append(.success(try await fetcher.fetch(FetchRequest(url: url, policy: policy))))
            } catch {
                results.append(.failure(error))
            }
        }
        await fetcher.shutdown()
        await server.stop()
        return (results, log, hosts.withLock { $0 })
    }

    @Test("a name resolving to an allowed network is fetched, connected to the address checked, the name in Host")
    func allowed() async throws {
        let resolver = ScriptedResolver([["127.0.0.1"]])
        let (results, _, hosts) = try await fetch(
            ["/feed"], resolver: resolver, policy: .publicWeb(allowing: [IPNetwork("127.0.0.1/32")!]))
        #expect((try? results[0].get().fetchedFeed?.data) == Data(sampleFeed))
        #expect(hosts.first?.hasPrefix("feeds.test") == true)
        #expect(resolver.lookups.load(ordering: .relaxed) == 1)
    }

    @Test("a name resolving to loopback is refused before anything is sent")
    func loopbackName() async throws {
        let (results, log, _) = try await fetch(["/feed"], resolver: ScriptedResolver([["127.0.0.1"]]), policy: .publicWeb())
        #expect(results[0] == .failure(.addressNotAllowed(.loopback)))
        #expect(log.requests.isEmpty)
    }

    @Test("DNS rebinding: each connection is checked on the address its own look-up gave")
    func rebinding() async throws {
        // Allowed the first time, loopback outside the allowed network the second.
        let resolver = ScriptedResolver([["127.0.0.1"], ["127.0.0.2"]])
        let (results, log, _) = try await fetch(
            ["/feed", "/feed"], resolver: resolver, policy: .publicWeb(allowing: [IPNetwork("127.0.0.1/32")!]))
        #expect((try? results[0].get()) != nil)
        // The name led to the allowed private network a moment before: the refusal is told as happening there.
        #expect(results[1] == .failure(.privateNetwork(.addressNotAllowed(.loopback))))
        #expect(log.requests.count == 1)
        #expect(resolver.lookups.load(ordering: .relaxed) == 2)
    }

    @Test("of a name's addresses only the allowed ones are tried: a refused one first does not stop it")
    func mixedAnswer() async throws {
        let (results, _, _) = try await fetch(
            ["/feed"], resolver: ScriptedResolver([["10.0.0.1", "127.0.0.1"]]),
            policy: .publicWeb(allowing: [IPNetwork("127.0.0.1/32")!]))
        #expect((try? results[0].get()) != nil)
    }

    @Test("a redirect to a refused address is refused on connecting, and nothing is sent there")
    func redirect() async throws {
        let (results, log, _) = try await fetch(
            ["/hop"], resolver: ScriptedResolver([["127.0.0.1"]]), policy: .publicWeb(allowing: [IPNetwork("127.0.0.1/32")!])
        ) { request in
            request.uri.path == "/hop" ? .redirect(.found, to: "http://127.0.0.2:1/secret") : .ok(sampleFeed)
        }
        // The first hop was in the allowed private network: what went wrong is told as happening there.
        #expect(results[0] == .failure(.privateNetwork(.addressNotAllowed(.loopback))))
        #expect(log.paths == ["/hop"])
    }

    @Test("a name that does not resolve is 'host not found'; a file URL is refused under the policy")
    func otherFailures() async throws {
        final class Failing: HostResolver {
            func addresses(of host: String) throws(FetchError) -> [IPAddress] { throw .connection(.hostNotFound) }
        }
        let fetcher = HTTPFeedFetcher(configuration: HTTPFetchConfiguration(), now: { Date() }, resolver: Failing())
        let composite = CompositeFetcher(file: FileFetcher(), http: fetcher)
        await #expect(throws: FetchError.connection(.hostNotFound)) {
            try await composite.fetch(FetchRequest(url: URL(string: "http://nowhere.test/feed")!, policy: .publicWeb()))
        }
        await #expect(throws: FetchError.unsupportedScheme("file")) {
            try await composite.fetch(FetchRequest(url: URL(fileURLWithPath: "/etc/passwd"), policy: .publicWeb()))
        }
        await fetcher.shutdown()
    }

    @Test("the guard is no open proxy: a client without its secret is refused")
    func secret() async throws {
        let server = try await LoopbackServer.start { _ in .ok(sampleFeed) }
        let addressGuard = try await AddressGuard.start(
            policy: .publicWeb(allowing: IPNetwork.everyAddress), resolver: ScriptedResolver([["127.0.0.1"]]))
        var configuration = HTTPClient.Configuration()
        configuration.proxy = .server(host: "127.0.0.1", port: addressGuard.port)
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        await #expect(throws: (any Error).self) {
            _ = try await client.execute(HTTPClientRequest(url: server.url("/feed").absoluteString), timeout: .seconds(20))
        }
        try await client.shutdown()
        await addressGuard.shutdown()
        await server.stop()
    }
}
