import Foundation
import ReduxVM
import ReduxVMTesting
@_spi(Benchmarks) import RssCore

#if canImport(Glibc)
    import Glibc
#endif

// The reader's timer over a day, for many sources with mixed intervals (issue 15): 5,000 sources whose intervals
// (15 min to 24 h) come from their own setting, their feed's ttl or their server's max-age, on a manual clock
// advanced from one look of the timer to the next. Each look is the reducer the store runs
// (`Refresh.due(at:minimumInterval:)`), its CPU time measured alone; each fetch it queues is finished at once
// the way a refresh finishes it, and the timer looks again at the same time, as the store does when a refresh
// ends. Checked: the fetches of every hour against what the intervals allow (3,600 / interval, summed), the
// busiest minute against the average one (a burst at the top of the hour would show there), and the CPU time
// per look (the target is 5 ms).
//
// Three scenarios, in interleaved rounds with different seeds: "running", the sources last fetched as a running
// timer leaves them (at their previous slot); "imported", every source fetched at once just before the day
// (an OPML import, or `refresh` of everything), which the timer must spread out rather than repeat;
// "reopened", the reader closed for two days, every source overdue: caught up within the first hour by design
// (spread over it), then on its slots.
// Usage: schedule-bench [sources, default 5000] [rounds, default 3]

let arguments = CommandLine.arguments.dropFirst()
let sourceCount = arguments.first.flatMap(Int.init) ?? 5_000
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 3
let day: TimeInterval = 86_400
let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC: hours are clock hours
let intervals: [TimeInterval] = [900, 1_800, 3_600, 7_200, 21_600, 43_200, 86_400]

enum Scenario: String, CaseIterable {
    case running, imported, reopened
}

/// xorshift64*: the same sources for the same (non-zero) seed.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}

func sources(_ scenario: Scenario, seed: UInt64) -> [BenchmarkSupport.ScheduledSource] {
    var random = Seeded(state: seed)
    return (0..<sourceCount).map { index in
        let id = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { bytes in
            (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
             bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])
        })
        let interval = intervals[Int.random(in: 0..<intervals.count, using: &random)]
        // Shorter than the hour of the setting: the source's own; longer: its feed's ttl or its server's max-age.
        var hints = RefreshHints()
        var own: TimeInterval?
        if interval < 3_600 {
            own = interval
        } else if index % 2 == 0 {
            hints = RefreshHints(ttl: interval)
        } else {
            hints = RefreshHints(serverFreshness: interval)
        }
        let lastFetch: Date
        switch scenario {
        case .imported:
            lastFetch = start.addingTimeInterval(-1)
        case .reopened:
            lastFetch = start.addingTimeInterval(-2 * day)
        case .running:
            // Its last slot before the day: the phase is the one the reader takes from the id.
            let slot = slotAtOrAfter(start, interval: interval, id: id)
            lastFetch = slot.addingTimeInterval(-interval)
        }
        return .init(id: id, interval: own, hints: hints, lastFetch: lastFetch)
    }
}

/// The first time at or after `date` of the source's slot grid, as the reader computes it: its schedule's due
/// time for a source last fetched an interval before `date`.
func slotAtOrAfter(_ date: Date, interval: TimeInterval, id: UUID) -> Date {
    var state = BenchmarkSupport.scheduleState([
        .init(id: id, interval: interval, hints: RefreshHints(), lastFetch: date.addingTimeInterval(-0.9 * interval))
    ])
    Refresh.due(at: date.addingTimeInterval(-day), minimumInterval: 900).updateState(&state)
    return state.fetchSchedule(of: state.sources.all[0]).due!
}

func threadCPU() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1_000_000
}

struct RoundResult {
    var hourRatios: [Double]  // fetches / allowed, per hour
    var peakMinuteRatio: Double  // busiest minute / average minute
    var lookMilliseconds: [Double]
    var fetches: Int
}

func run(_ scenario: Scenario, seed: UInt64) async -> RoundResult {
    var state = BenchmarkSupport.scheduleState(sources(scenario, seed: seed))
    let allowedPerHour = state.sources.all.reduce(0.0) { $0 + 3_600 / state.fetchSchedule(of: $1).interval }
    let clock = ManualClock()
    var perHour = [Int](repeating: 0, count: 24)
    var perMinute = [Int](repeating: 0, count: 24 * 60)
    var looks: [Double] = []
    looks.reserveCapacity(100_000)
    var now = start
    while now < start.addingTimeInterval(day) {
        let before = threadCPU()
        Refresh.due(at: now, minimumInterval: 900).updateState(&state)
        looks.append(threadCPU() - before)
        let queued = state.refresh.pending
        if !queued.isEmpty {
            let elapsed = now.timeIntervalSince(start)
            perHour[Int(elapsed / 3_600)] += queued.count
            perMinute[Int(elapsed / 60)] += queued.count
            for id in queued { BenchmarkSupport.finishFetch(id, at: now, in: &state) }
            continue  // the refresh ended: the timer looks again at once
        }
        guard let next = state.refresh.nextTimedCheck else { fatalError("the timer said nothing of its next look") }
        await clock.advance(by: .seconds(next.timeIntervalSince(now)))
        now = start.addingTimeInterval(clock.now.offset / .seconds(1))
    }
    let minutes = perMinute.map(Double.init)
    let average = minutes.reduce(0, +) / Double(minutes.count)
    return RoundResult(
        hourRatios: perHour.map { Double($0) / allowedPerHour }, peakMinuteRatio: minutes.max()! / average,
        lookMilliseconds: looks, fetches: perHour.reduce(0, +))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
func spread(_ values: [Double], _ format: String) -> String {
    "\(String(format: format, median(values))) (\(String(format: format, values.min()!))-\(String(format: format, values.max()!)))"
}

let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
    .joined(separator: " ") ?? "?"
print("schedule-bench: \(sourceCount) sources, intervals 15m-24h, 24 h on a manual clock, \(rounds) rounds per scenario, interleaved (load \(load))")
var results: [Scenario: [RoundResult]] = [:]
for round in 0..<rounds {
    for scenario in Scenario.allCases {
        results[scenario, default: []].append(await run(scenario, seed: UInt64(round) &* 7_919 &+ 17))
    }
}
func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
print(
    pad("scenario", 10) + pad("hours within 10%", 20) + pad("worst hours: fetches/allowed, low | high", 46)
        + pad("busiest minute/average", 24) + pad("look CPU ms: median | p99 | max", 56) + "looks/day")
for scenario in Scenario.allCases {
    let rows = results[scenario]!
    let within = rows.map { Double($0.hourRatios.filter { abs($0 - 1) <= 0.10 }.count) }
    let lows = rows.map { $0.hourRatios.min()! }, highs = rows.map { $0.hourRatios.max()! }
    print(
        pad(scenario.rawValue, 10) + pad(spread(within, "%.0f") + " of 24", 20)
            + pad(spread(lows, "%.3f") + " | " + spread(highs, "%.3f"), 46)
            + pad(spread(rows.map(\.peakMinuteRatio), "%.2f"), 24)
            + pad(
                spread(rows.map { median($0.lookMilliseconds) }, "%.3f") + " | "
                    + spread(rows.map { percentile($0.lookMilliseconds, 0.99) }, "%.3f") + " | "
                    + spread(rows.map { $0.lookMilliseconds.max()! }, "%.3f"), 56)
            + spread(rows.map { Double($0.lookMilliseconds.count) }, "%.0f"))
}
print(
    "median (min-max) over the rounds; fetches per day: "
        + Scenario.allCases.map { "\($0.rawValue) " + spread(results[$0]!.map { Double($0.fetches) }, "%.0f") }
        .joined(separator: ", "))
print("hour by hour (fetches/allowed, first round): ")
for scenario in Scenario.allCases {
    print(pad(scenario.rawValue, 10) + results[scenario]![0].hourRatios.map { String(format: "%.2f", $0) }.joined(separator: " "))
}
