#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wall time and the process's CPU time (all threads) of one run.
///
/// On a machine shared with other work, wall time also counts the time both threads wait for a core; CPU
/// time counts only the work done, so the two ratios side by side show how much of a difference is load.
struct Timing {
    var wall: Duration
    var cpu: Duration
}

struct Stopwatch {
    private let clock = ContinuousClock()
    private let wallStart: ContinuousClock.Instant
    private let cpuStart: Duration

    /// Starts measuring now.
    init() {
        wallStart = clock.now
        cpuStart = processCPUTime()
    }

    /// The time since ``init()``.
    func elapsed() -> Timing {
        Timing(wall: clock.now - wallStart, cpu: processCPUTime() - cpuStart)
    }
}

private func processCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
