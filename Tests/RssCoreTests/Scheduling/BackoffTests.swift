import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Back-off: exponential from the interval up to a day, jitter bounded and seeded.
@Suite("Back-off")
struct BackoffTests {
    @Test("each failure doubles the wait, from the interval up to a day; jitter takes at most a fifth off")
    func boundsAndGrowth() {
        let hour: TimeInterval = 3_600
        for failures in 1...12 {
            let base = max(hour, min(hour * pow(2, Double(failures - 1)), 86_400))
            #expect(Backoff.delay(failures: failures, interval: hour, random: 0) == base)
            let least = Backoff.delay(failures: failures, interval: hour, random: 0.999_999)
            #expect(least >= max(hour, base * 0.8) && least <= base, "\(failures) failures")
        }
        #expect(Backoff.delay(failures: 1, interval: hour, random: 0.5) == hour, "never under the interval")
        #expect(Backoff.delay(failures: 3, interval: hour, random: 0.5) == 4 * hour * 0.9)
        #expect(Backoff.delay(failures: 40, interval: hour, random: 0) == 86_400)
        // A user's interval longer than a day is kept: a failing source is never fetched more often.
        #expect(Backoff.delay(failures: 5, interval: 3 * 86_400, random: 0.9) == 3 * 86_400)
    }

    @Test("a seeded jitter source gives the same numbers every run, all from 0 up to 1")
    func seededJitter() {
        let first = JitterSource.seeded(99), second = JitterSource.seeded(99)
        let a = (0..<1_000).map { _ in first.next() }
        let b = (0..<1_000).map { _ in second.next() }
        #expect(a == b)
        #expect(a.allSatisfy { (0..<1).contains($0) })
        #expect(Set(a).count > 990)
        #expect(JitterSource.seeded(100).next() != a[0])
    }
}
