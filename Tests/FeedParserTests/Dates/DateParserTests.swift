@testable import FeedParser
import Foundation
import Testing

/// The combined parser (the one mappers use): offsets are kept, common real-world shapes work.
@Suite("date parser")
struct DateParserTests {
    @Test(arguments: [
        ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z", 0),
        ("Tue, 10 Jun 2003 04:00:00 +0200", "2003-06-10T02:00:00Z", 7200),
        ("Tue, 10 Jun 2003 04:00 -0700", "2003-06-10T11:00:00Z", -25200),
        ("10 Jun 03 04:00:00 EST", "2003-06-10T09:00:00Z", -18000),
        ("2003-12-31T10:14:55.123-08:00", "2003-12-31T18:14:55Z", -28800),
        ("2003-12-31T10:14:55+05:30", "2003-12-31T04:44:55Z", 19800),
        ("Wednesday, 19 Feb 2012 22:40:00 GMT", "2012-02-19T22:40:00Z", 0),
    ])
    func offsetIsKept(_ input: String, _ utc: String, _ offset: Int) throws {
        let date = try #require(DateParser.parse(input))
        #expect(DateVectorTests.iso(date.date) == utc)
        #expect(date.utcOffsetSeconds == offset)
    }

    @Test(arguments: ["2003-12-31", "2004-07-08 23:56:58", "2019/3/7 9:05:33"])
    func noZoneMeansNoOffset(_ input: String) throws {
        let date = try #require(DateParser.parse(input))
        #expect(date.utcOffsetSeconds == nil)
    }

    @Test func fractionalSecondsKept() throws {
        let date = try #require(DateParser.parse("2007-04-23T23:25:47.538+10:00"))
        #expect(abs(date.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) - 0.538) < 0.001)
    }

    @Test(arguments: ["", "yesterday", "32 Foo 2003", String(repeating: "9", count: 500), "2003-02-30"])
    func garbageIsNil(_ input: String) {
        #expect(DateParser.parse(input) == nil)
    }

    @Test func slashedChineseFeedDate() throws {
        let date = try #require(DateParser.parse("2019/3/7 9:05:33"))
        #expect(DateVectorTests.iso(date.date) == "2019-03-07T09:05:33Z")
    }
}
