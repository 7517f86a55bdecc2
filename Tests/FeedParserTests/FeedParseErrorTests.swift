import FeedParser
import Foundation
import Testing

/// The error is a value a store keeps as JSON and a front words itself; its description is a fallback.
@Suite("parse errors")
struct FeedParseErrorTests {
    static let every: [FeedParseError] = [
        .empty, .binaryData, .htmlPage, .opmlDocument, .feedDocument, .noRootElement, .notAJSONFeed,
        .notAFeed(rootElement: "svg", line: 3), .notAFeed(rootElement: "x:doc", line: nil),
        .invalidJSON(line: 2, column: 13), .invalidJSON(line: nil, column: nil),
        .nestedTooDeeply(limit: 512), .tooLarge(bytes: 11, limit: 10), .tooManyElements(limit: 1_000),
    ] + FeedParseError.Compression.allCases.map { .compressed(format: $0) }

    @Test func everyCaseRoundTripsThroughJSON() throws {
        for error in Self.every {
            let data = try JSONEncoder().encode(error)
            #expect(try JSONDecoder().decode(FeedParseError.self, from: data) == error)
        }
    }

    /// What RssCore has stored must keep decoding, so the JSON shape is pinned.
    @Test func storedJSONStillDecodes() throws {
        let stored: [(String, FeedParseError)] = [
            (#"{"notAFeed":{"rootElement":"svg","line":3}}"#, .notAFeed(rootElement: "svg", line: 3)),
            (#"{"invalidJSON":{"line":2,"column":13}}"#, .invalidJSON(line: 2, column: 13)),
            (#"{"invalidJSON":{}}"#, .invalidJSON(line: nil, column: nil)),
            (#"{"compressed":{"format":"gzip"}}"#, .compressed(format: .gzip)),
            (#"{"binaryData":{}}"#, .binaryData),
        ]
        for (json, error) in stored {
            #expect(try JSONDecoder().decode(FeedParseError.self, from: Data(json.utf8)) == error)
        }
    }

    @Test func descriptionsAreOneLineOfText() {
        for error in Self.every {
            #expect(!error.description.isEmpty)
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{FFFD}" }, "\(error)")
        }
    }

    @Test func descriptionsGivePositions() {
        #expect(FeedParseError.notAFeed(rootElement: "svg", line: 3).description == "not a feed (root element <svg> on line 3)")
        #expect(FeedParseError.notAFeed(rootElement: "svg", line: nil).description == "not a feed (root element <svg>)")
        #expect(FeedParseError.invalidJSON(line: 2, column: 13).description == "not a feed (invalid JSON at line 2, column 13)")
        #expect(FeedParseError.invalidJSON(line: nil, column: nil).description == "not a feed (invalid JSON)")
        #expect(FeedParseError.compressed(format: .gzip).description == "not a feed (gzip-compressed data that was not decompressed)")
    }
}
