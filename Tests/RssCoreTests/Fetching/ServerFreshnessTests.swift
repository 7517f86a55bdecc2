import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

/// How long a server says its answer stays fresh, from `Cache-Control` and `Expires` (RFC 9111 §4.2.1).
@Suite("Server freshness headers")
struct ServerFreshnessTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)  // Sun, 15 Jun 2025 15:06:40 GMT

    @Test(
        "Cache-Control's max-age, else Expires counted from Date; no-cache and no-store mean none",
        arguments: [
            (["max-age=7200"], nil, nil, 7_200.0),
            (["public, max-age=\"600\", must-revalidate"], nil, nil, 600),
            (["private", "Max-Age = 90"], nil, nil, 90),
            (["max-age=3600"], "Sun, 15 Jun 2025 20:00:00 GMT", nil, 3_600),  // max-age wins over Expires
            (["no-cache, max-age=3600"], nil, nil, nil),
            (["no-store"], "Sun, 15 Jun 2025 20:00:00 GMT", nil, nil),
            (["max-age=0"], nil, nil, nil),
            (["max-age=soon"], nil, nil, nil),
            (["s-maxage=600"], nil, nil, nil),
            ([], "Sun, 15 Jun 2025 17:06:40 GMT", nil, 7_200),
            // A server whose clock is an hour fast: counted from its own Date.
            ([], "Sun, 15 Jun 2025 18:06:40 GMT", "Sun, 15 Jun 2025 16:06:40 GMT", 7_200),
            ([], "0", nil, nil),
            ([], "-1", nil, nil),
            ([], "Sun, 15 Jun 2025 10:00:00 GMT", nil, nil),  // already expired
            (["max-age=99999999999999999999"], nil, nil, 365 * 86_400),
        ] as [([String], String?, String?, Double?)])
    func headers(cacheControl: [String], expires: String?, date: String?, seconds: Double?) {
        #expect(
            ServerFreshness.seconds(cacheControl: cacheControl, expires: expires, date: date, now: Self.now) == seconds)
    }
}
