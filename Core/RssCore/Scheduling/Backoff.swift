import Foundation

/// How long a failing source is left alone: exponential, from its interval up to a day, with jitter.
enum Backoff {
    /// The longest back-off: a day (or the interval, when the user chose a longer one).
    static let longest: TimeInterval = 86_400
    /// The most jitter takes off: a fifth, so that sources failing together (one server down) do not all come
    /// back at the same moment.
    static let jitter = 0.2

    /// The wait after the `failures`-th failure in a row: the interval doubled for each failure after the
    /// first, at most a day, less up to a fifth at random (`random`, from 0 up to 1), but never under the
    /// interval: a failing source is never fetched more often than a working one.
    static func delay(failures: Int, interval: TimeInterval, random: Double) -> TimeInterval {
        let doublings = Double(min(max(failures - 1, 0), 32))
        let base = max(interval, min(interval * pow(2, doublings), longest))
        return max(interval, base * (1 - jitter * min(max(random, 0), 1)))
    }
}
