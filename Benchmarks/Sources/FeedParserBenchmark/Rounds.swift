import Foundation

/// Time one pass took: on the CPU (what the work costs, little disturbed by other processes on a busy machine)
/// and on the wall clock.
struct PassTime {
    var cpu: Double
    var wall: Double
}

/// One contender: a name, the bytes it reads per pass, and one pass.
struct Contender {
    var label: String
    var bytes: Int
    var pass: () -> PassTime
}

/// CPU seconds this process has used so far.
func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Times `body` once, in this process.
func timed(_ body: () -> Void) -> PassTime {
    let wall = DispatchTime.now().uptimeNanoseconds
    let cpu = processCPUSeconds()
    body()
    return PassTime(cpu: processCPUSeconds() - cpu, wall: Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9)
}

/// Runs every contender once per round, in turn, so that load from other processes hits them alike; returns
/// each one's pass times, one per round.
func interleaved(_ contenders: [Contender], rounds: Int) -> [[PassTime]] {
    for c in contenders { _ = c.pass() }  // warm up: page in the code and the bytes
    var times = [[PassTime]](repeating: [], count: contenders.count)
    for _ in 0..<rounds {
        for (k, c) in contenders.enumerated() { times[k].append(c.pass()) }
    }
    return times
}

/// The median and the range of some figures.
struct Summary {
    var median: Double
    var min: Double
    var max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        let mid = sorted.count / 2
        median = sorted.isEmpty ? 0 : sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }

    /// `123.4 MB/s  (120.1-125.0)`-style text.
    func text(_ unit: String) -> String {
        String(format: "%7.1f ", median) + unit + String(format: "  (%.1f-%.1f)", min, max)
    }

    /// `1.23×  (1.10-1.31)`-style text.
    func ratioText() -> String {
        String(format: "%.2f×  (%.2f-%.2f)", median, min, max)
    }
}
