import Foundation
import HTTPTypes
import Hummingbird
import ReduxVMTesting
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Fetch scheduling: global and per-host limits", .timeLimit(.minutes(15)))
struct FetchSchedulerTests {
    @Test func fiftySourcesOnOneHostNeverRunMoreThanTwoAtOnce() async throws {
        let log = ServerLog()
        try await withServerAndFetcher(respond: { request in
            log.enter()
            defer { log.leave() }
            try await Task.sleep(for: .milliseconds(15))
            return .ok(sampleFeed)
        }) { server, http in
            let scheduler = FetchScheduler(http, maximumConcurrent: 8, maximumPerHost: 2)
            let fetched = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let response = try await scheduler.fetch(FetchRequest(url: server.url("/feed/\(index)")))
                        return response.fetchedFeed != nil
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(fetched == 50)
            #expect(log.maxInFlight == 2)
            #expect(scheduler.limiter.running == 0)
        }
    }

    @Test func theGlobalLimitHoldsAcrossHostsAndIsReached() async throws {
        let fake = CountingFetcher(delay: .milliseconds(10))
        let scheduler = FetchScheduler(fake, maximumConcurrent: 5, maximumPerHost: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    _ = try await scheduler.fetch(
                        FetchRequest(url: URL(string: "https://h\(index % 3).test/\(index)")!))
                }
            }
            try await group.waitForAll()
        }
        #expect(fake.maxInFlight == 5)
        #expect(fake.maxInFlightPerHost == 2)
        #expect(fake.calls == 60)
    }

    @Test func aBusyHostDoesNotHoldUpOthers() async throws {
        let gate = AsyncGate()
        let fake = CountingFetcher(delay: .zero, gate: gate, gatedHost: "busy.test")
        let scheduler = FetchScheduler(fake, maximumConcurrent: 4, maximumPerHost: 2)
        let busy = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        _ = try await scheduler.fetch(FetchRequest(url: URL(string: "https://busy.test/\(index)")!))
                    }
                }
                try await group.waitForAll()
            }
        }
        // A hang guard, not a timing: inside a suite run beside another build (load 8) the twenty tasks took
        // over 30 s to reach the fetcher, every test's tasks sharing the two cores' cooperative threads.
        #expect(await eventually(within: 600) { fake.inFlight == 2 })
        // Queued behind eighteen busy.test requests, but their host is full: this one goes first.
        _ = try await scheduler.fetch(FetchRequest(url: URL(string: "https://quiet.test/feed")!))
        #expect(fake.calls == 3)
        gate.open()
        try await busy.value
        #expect(fake.calls == 21)
    }

    @Test func aTaskCancelledWhileQueuedLeavesAtOnceHoldingNothing() async throws {
        let gate = AsyncGate()
        let fake = CountingFetcher(delay: .zero, gate: gate, gatedHost: "a.test")
        let scheduler = FetchScheduler(fake, maximumConcurrent: 1, maximumPerHost: 1)
        let first = Task { try await scheduler.fetch(FetchRequest(url: URL(string: "https://a.test/1")!)) }
        #expect(await eventually { fake.inFlight == 1 })
        let queued = Task { () async throws(FetchError) -> FetchResponse in
            try await scheduler.fetch(FetchRequest(url: URL(string: "https://b.test/1")!))
        }
        try await Task.sleep(for: .milliseconds(20))
        queued.cancel()
        #expect(await queued.result.failure as? FetchError == FetchError.cancelled)
        #expect(fake.calls == 1)
        gate.open()
        _ = try await first.value
        #expect(scheduler.limiter.running == 0)
        // The slot is free again.
        _ = try await scheduler.fetch(FetchRequest(url: URL(string: "https://b.test/2")!))
    }

    @Test func compositeFetcherPicksByScheme() async throws {
        let fake = CountingFetcher(delay: .zero)
        let composite = CompositeFetcher(http: fake)
        _ = try await composite.fetch(FetchRequest(url: URL(string: "HTTPS://a.test/feed")!))
        #expect(fake.calls == 1)
        await #expect(throws: FetchError.self) {
            try await composite.fetch(FetchRequest(url: URL(string: "ftp://a.test/feed")!))
        }
        let missing = URL(fileURLWithPath: "/nonexistent/feed.xml")
        let error = await #expect(throws: FetchError.self) { try await composite.fetch(FetchRequest(url: missing)) }
        #expect(error?.stage == .fetch)
        #expect(fake.calls == 1)
    }
}

/// A fetcher that counts calls and concurrency, sleeps `delay`, and holds `gatedHost`'s requests at `gate`.
final class CountingFetcher: FeedFetcher {
    private struct State {
        var calls = 0
        var inFlight = 0
        var maxInFlight = 0
        var perHost: [String: Int] = [:]
        var maxPerHost = 0
    }
    private let state = Mutex(State())
    let delay: Duration
    let gate: AsyncGate?
    let gatedHost: String?

    init(delay: Duration, gate: AsyncGate? = nil, gatedHost: String? = nil) {
        self.delay = delay
        self.gate = gate
        self.gatedHost = gatedHost
    }

    var calls: Int { state.withLock { $0.calls } }
    var inFlight: Int { state.withLock { $0.inFlight } }
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }
    var maxInFlightPerHost: Int { state.withLock { $0.maxPerHost } }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let host = request.url.host ?? ""
        state.withLock {
            $0.calls += 1
            $0.inFlight += 1
            $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
            $0.perHost[host, default: 0] += 1
            $0.maxPerHost = max($0.maxPerHost, $0.perHost[host]!)
        }
        defer {
            state.withLock {
                $0.inFlight -= 1
                $0.perHost[host, default: 0] -= 1
            }
        }
        if host == gatedHost, let gate { await gate.wait() }
        if delay > .zero { try? await Task.sleep(for: delay) }
        return .fetched(FetchedFeed(data: Data(host.utf8)))
    }
}
