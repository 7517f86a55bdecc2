import Foundation
@_spi(Benchmarks) @_spi(Serve) import RssCore
import ReduxVM
import Synchronization

/// The client side: prepares the libraries, or measures a pool keeping them current.
enum PoolBench {
    /// Makes `--libraries` libraries in `--dir`, each following `--follows` of the `--feeds` addresses (a fixed
    /// draw), each fetched once for all through the pool.
    static func prepare(_ options: PoolBenchOptions) async throws {
        let server = try FeedServerProcess(options)
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
        let follows = draw(options)
        let pool = LibraryPool(LibraryPool.Configuration(maximumOpen: 20, idleTime: .seconds(5), changeCheckInterval: nil))
        print("load \(loadAverage())")
        let started = ContinuousClock.now
        let cpu = cpuSeconds()
        await forEach(0..<options.libraries, atOnce: 4) { index in
            guard let lease = try? await pool.lease(library(index, in: options.directory)) else {
                fatalError("cannot open library \(index)")
            }
            for feed in follows[index] { lease.store.dispatch(AddSource(url: server.url(feed))) }
            _ = await lease.store.databaseSettled()
            while !(lease.store.state.sources.all.allSatisfy { $0.status.lastAttempt != nil } && !lease.store.state.refresh.isRunning) {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        await pool.close()
        let (ok, notModified) = try await server.stats()
        let distinct = Set(follows.joined()).count
        print(
            "prepared \(options.libraries) libraries following \(options.follows) of \(options.feeds) feeds each "
                + "(\(distinct) distinct, every item new) in \(String(format: "%.1f s wall, %.1f s CPU", (ContinuousClock.now - started).seconds, cpuSeconds() - cpu)): "
                + "\(ok) fetched, \(notModified) not modified; peak memory \(String(format: "%.1f", Memory.peak())) MB; load \(loadAverage())")
    }

    /// Measures `--cycles` refreshes of every library, each making every address due (a new edition of every
    /// feed, the clock an hour on), then the first answer of closed libraries.
    static func run(_ options: PoolBenchOptions) async throws {
        let server = try FeedServerProcess(options)
        defer { server.stop() }
        let offset = Mutex<TimeInterval>(0)
        let pool = LibraryPool(
            LibraryPool.Configuration(
                maximumOpen: options.maximumOpen, idleTime: .seconds(options.idleSeconds), changeCheckInterval: nil),
            now: { Date().addingTimeInterval(offset.withLock { $0 }) })
        let files = (0..<options.libraries).map { library($0, in: options.directory) }
        pool.keepCurrent(files)
        print(
            "load \(loadAverage()); \(options.libraries) libraries, at most \(options.maximumOpen) open while unused, "
                + "closed after \(options.idleSeconds) s unused")
        for cycle in 1...options.cycles {
            try await server.nextEdition()
            offset.withLock { $0 += 3_601 }
            let cpu = cpuSeconds()
            let report = await pool.refreshDue()
            let cpuUsed = cpuSeconds() - cpu
            let (ok, notModified) = try await server.stats()
            print(
                String(
                    format: "cycle %d: %d addresses due, %d fetched (server: %d 200, %d 304), %d libraries stored into, "
                        + "%d answers shared; %.2f s wall, %.2f s CPU; %d open, RSS %.1f MB, peak %.1f MB",
                    cycle, report.addressesDue, report.fetches, ok, notModified, report.librariesStoredInto,
                    report.sharedAnswers, report.duration.seconds, cpuUsed, pool.openCount, Memory.resident(),
                    Memory.peak()))
        }
        guard options.firstAnswers > 0 else {
            print(String(format: "peak memory %.1f MB; load %@", Memory.peak(), loadAverage()))
            await pool.close()
            return
        }
        // The first answer of closed libraries: opened, and asked what a sync's first request asks.
        try await Task.sleep(for: .seconds(options.idleSeconds + 1))
        while pool.openCount > 0 { try await Task.sleep(for: .milliseconds(100)) }
        var timings: [Double] = []
        for index in stride(from: 0, to: options.libraries, by: max(1, options.libraries / max(1, options.firstAnswers))) {
            let start = ContinuousClock.now
            let lease = try await pool.lease(files[index])
            await lease.store.checkForChanges()
            _ = try await lease.store.libraryNumbers()
            _ = try await lease.store.articles(ArticleQuery(isRead: false, limit: 100))
            timings.append((ContinuousClock.now - start).seconds * 1_000)
        }
        timings.sort()
        print(
            String(
                format: "first answer of a closed library (%d): median %.1f ms, p90 %.1f ms, max %.1f ms",
                timings.count, timings[timings.count / 2], timings[timings.count * 9 / 10], timings.last ?? 0))
        print(String(format: "peak memory %.1f MB; load %@", Memory.peak(), loadAverage()))
        await pool.close()
    }

    /// Which feeds each library follows: `--follows` distinct ones of `--feeds`, drawn with the seed.
    static func draw(_ options: PoolBenchOptions) -> [[Int]] {
        var random = SplitMix(seed: options.seed)
        return (0..<options.libraries).map { _ in
            var chosen = Set<Int>()
            while chosen.count < min(options.follows, options.feeds) { chosen.insert(random.next(below: options.feeds)) }
            return chosen.sorted()
        }
    }

    static func library(_ index: Int, in directory: String) -> URL {
        URL(fileURLWithPath: directory).appendingPathComponent(String(format: "library-%03d.sqlite", index))
    }

    /// Runs `body` for each of `items`, `atOnce` at a time.
    static func forEach(_ items: Range<Int>, atOnce: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            var pending = items.makeIterator()
            for _ in 0..<atOnce { if let next = pending.next() { group.addTask { await body(next) } } }
            for await _ in group { if let next = pending.next() { group.addTask { await body(next) } } }
        }
    }

    /// User plus system time of this process.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}

/// This process's memory, from /proc/self/status.
enum Memory {
    static func resident() -> Double { field("VmRSS:") }
    static func peak() -> Double { field("VmHWM:") }

    private static func field(_ name: String) -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1_024 } ?? 0
    }
}

/// A small seeded generator, so that every run draws the same libraries.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
