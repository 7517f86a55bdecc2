@testable import FeedParser
import Foundation
import Testing

/// feedparser's date-parser vectors (`date_vectors.tsv`, from upstream tests/test_date_parsers.py), each run
/// through the parser of its family, as upstream does.
@Suite("date vectors")
struct DateVectorTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var family: String
        var input: String
        var expected: String
        var testDescription: String { "\(family) \(input.debugDescription) → \(expected)" }
    }

    static let vectors: [Vector] = {
        let text = (try? Fixtures.text("feedparser/date_vectors.tsv")) ?? ""
        return text.split(separator: "\n").compactMap { line -> Vector? in
            guard !line.hasPrefix("#") else { return nil }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 3,
                  let input = try? JSONSerialization.jsonObject(with: Data(columns[1].utf8), options: .fragmentsAllowed)
                    as? String else { return nil }
            return Vector(family: String(columns[0]), input: input, expected: String(columns[2]))
        }
    }()

    @Test func tableIsComplete() {
        #expect(Self.vectors.count == 72)
    }

    @Test(arguments: vectors)
    func vector(_ v: Vector) throws {
        let family = try #require(DateParser.Family(rawValue: v.family))
        let parsed = DateParser.parse(v.input, family: family)
        if v.expected == "NONE" {
            #expect(parsed == nil)
        } else {
            let date = try #require(parsed)
            #expect(Self.iso(date.date) == v.expected)
        }
    }

    @Test func year10000OverflowIsRejected() {
        #expect(DateParser.parse("Sun, 31 Dec 9999 23:59:59 -9999", family: .rfc822) == nil)
    }

    /// Proleptic Gregorian, like the vectors (Foundation's formatter switches to Julian before 1582).
    static func iso(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (y, m, d) = CivilTime.civil(fromDays: seconds.floorDiv(86_400))
        let rest = seconds.floorMod(86_400)
        func pad(_ n: Int, _ w: Int = 2) -> String { String(repeating: "0", count: max(0, w - "\(n)".count)) + "\(n)" }
        return "\(pad(y, 4))-\(pad(m))-\(pad(d))T\(pad(rest / 3600)):\(pad(rest % 3600 / 60)):\(pad(rest % 60))Z"
    }
}
