import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Retry-After values")
struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let week = Duration.seconds(7 * 24 * 3600)

    @Test(arguments: [
        ("0", 0.0), ("120", 120), (" 30 ", 30), ("99999999999999999999", 604_800.0),
    ])
    func seconds(value: String, offset: Double) {
        #expect(RetryAfter.parse(value, now: Self.now, maximum: Self.week) == Self.now.addingTimeInterval(offset))
    }

    @Test(arguments: [
        "Sun, 15 Jun 2025 15:06:40 GMT", "Sunday, 15-Jun-25 15:06:40 GMT", "Sun Jun 15 15:06:40 2025",
    ])
    func httpDates(value: String) {
        // 1_750_000_000 is Sun, 15 Jun 2025 15:06:40 GMT; an hour later is asked for below.
        let later = value.replacingOccurrences(of: "15:06:40", with: "16:06:40")
        #expect(RetryAfter.parse(later, now: Self.now, maximum: Self.week) == Self.now.addingTimeInterval(3600))
    }

    @Test(arguments: ["", "-5", "soon", "1.5", "Sun, 99 Foo 2025"])
    func nonsenseIsIgnored(value: String) {
        #expect(RetryAfter.parse(value, now: Self.now, maximum: Self.week) == nil)
    }

    @Test func aDateInThePastMeansNow() {
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now, maximum: Self.week) == Self.now)
    }
}
