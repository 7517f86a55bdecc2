import FeedParser
import Foundation
@_spi(Benchmarks) import RssCore

/// The client side: starts the server process, runs the two passes and prints the figures.
enum FetchBench {
    static func run(_ options: BenchOptions) async throws {
        let (server, ports) = try startServer(options)
        defer { server.terminate() }
        let urls = (0..<options.feeds).map { number in
            let host = number % options.hosts
            return URL(string: "http://127.0.0.\(host + 1):\(ports[host])/feed/\(number)")!
        }
        let http = HTTPFeedFetcher()
        let fetcher = FetchScheduler(
            CompositeFetcher(http: http), maximumConcurrent: options.concurrency, maximumPerHost: options.perHost)
        let slots = min(options.concurrency, options.hosts * options.perHost)
        let rounds = (options.feeds + slots - 1) / slots
        print(
            """
            fetch-bench: \(options.feeds) feeds of \(options.items) items on \(options.hosts) loopback host(s); \
            latency \(options.latency.milliseconds) ms (200), \(options.latency304.milliseconds) ms (304); \
            \(options.concurrency) at once, \(options.perHost) per host; parse \(options.parse ? "on" : "off")
            """)

        let cold = try await measure("cold") {
            try await pass(urls: urls, validators: nil, fetcher: fetcher, parse: options.parse)
        }
        let warm = try await measure("304") {
            try await pass(urls: urls, validators: cold.validators, fetcher: fetcher, parse: options.parse)
        }
        await http.shutdown()

        print(
            String(
                format:
                    "cold pass: %.3f s wall, %.3f s CPU (%.0f%% of one core); %d fetched, %d bytes, %d items parsed",
                cold.wall, cold.cpu, 100 * cold.cpu / cold.wall, cold.fetched, cold.bytes, cold.items))
        print(
            String(
                format: "304 pass:  %.3f s wall, %.3f s CPU (%.0f%% of one core); %d not modified, %d fetched",
                warm.wall, warm.cpu, 100 * warm.cpu / warm.wall, warm.notModified, warm.fetched))
        print(String(format: "ratio 304/cold: %.3f (wall), %.3f (CPU)", warm.wall / cold.wall, warm.cpu / cold.cpu))
        print(
            String(
                format: "latency bound: %d rounds of %d at once = %.3f s (cold), %.3f s (304)",
                rounds, slots, Double(rounds) * options.latency.seconds, Double(rounds) * options.latency304.seconds))
        if cold.failures + warm.failures > 0 { print("failures: \(cold.failures) cold, \(warm.failures) 304") }
    }

    struct Pass {
        var wall = 0.0
        var cpu = 0.0
        var fetched = 0
        var notModified = 0
        var failures = 0
        var bytes = 0
        var items = 0
        var validators: [String?] = []
    }

    /// One refresh of every URL, a task per feed as the refresh side effect does it.
    static func pass(urls: [URL], validators: [String?]?, fetcher: FetchScheduler, parse: Bool) async throws -> Pass {
        try await withThrowingTaskGroup(of: (Int, FetchResponse?, Int).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask {
                    do throws(FetchError) {
                        let response = try await fetcher.fetch(FetchRequest(url: url, etag: validators?[index] ?? nil))
                        var items = 0
                        if parse, case .fetched(let feed) = response {
                            items =
                                (try? FeedParser().parse(feed.data, contentType: feed.contentType, url: url))?
                                .items.count ?? 0
                        }
                        return (index, response, items)
                    } catch {
                        return (index, nil, 0)
                    }
                }
            }
            var result = Pass(validators: Array(repeating: nil, count: urls.count))
            for try await (index, response, items) in group {
                switch response {
                case .fetched(let feed):
                    result.fetched += 1
                    result.bytes += feed.data.count
                    result.validators[index] = feed.etag
                case .notModified:
                    result.notModified += 1
                    result.validators[index] = validators?[index] ?? nil
                case nil:
                    result.failures += 1
                }
                result.items += items
            }
            return result
        }
    }

    /// Runs `body`, filling in its wall and CPU time.
    static func measure(_ name: String, _ body: () async throws -> Pass) async throws -> Pass {
        let cpuBefore = cpuSeconds()
        let start = ContinuousClock.now
        var result = try await body()
        result.wall = (ContinuousClock.now - start).seconds
        result.cpu = cpuSeconds() - cpuBefore
        return result
    }

    /// User plus system time of this process, from `getrusage`.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Starts this executable with `--serve` and reads the ports it listens on.
    static func startServer(_ options: BenchOptions) throws -> (Process, [Int]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = ["--serve"] + options.arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = Pipe()
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line += byte
        }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.first == "PORTS" else { fatalError("the server process did not start") }
        return (process, words.dropFirst().compactMap { Int($0) })
    }
}
