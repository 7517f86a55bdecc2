@testable import FeedParser
import Foundation
import Testing

/// Positions come from whatever `JSONSerialization` says on this platform, never its wording.
@Suite("JSON error positions")
struct JSONErrorLocationTests {
    @Test func invalidValueOnALaterLine() {
        let text = "{\n  \"version\": \"https://jsonfeed.org/version/1.1\",\n  \"title\": \"é\", \"items\": [x]\n}"
        #expect(throws: FeedParseError.invalidJSON(line: 3, column: 27)) { try Feeds.parse(text) }
    }

    @Test func truncationIsReportedAtTheEnd() {
        #expect(throws: FeedParseError.invalidJSON(line: 2, column: 11)) {
            try Feeds.parse("{\"items\": [\n{\"id\": \"1\"")
        }
    }

    /// Darwin's Foundation gives the byte offset in userInfo and line/column in prose; both are understood.
    @Test func otherPlatformsWordings() {
        let json = Data("{\n  x}".utf8)
        let withIndex = NSError(domain: NSCocoaErrorDomain, code: 3840, userInfo: [
            NSDebugDescriptionErrorKey: "Unexpected character 'x' around line 2, column 3.",
            "NSJSONSerializationErrorIndex": 4,
        ])
        #expect(JSONErrorLocation.locate(withIndex, in: json) == (2, 3))
        let proseOnly = NSError(domain: NSCocoaErrorDomain, code: 3840, userInfo: [
            NSDebugDescriptionErrorKey: "Unexpected character 'x' around line 2, column 3.",
        ])
        #expect(JSONErrorLocation.locate(proseOnly, in: json) == (2, 3))
        let silent = NSError(domain: NSCocoaErrorDomain, code: 3840, userInfo: [:])
        #expect(JSONErrorLocation.locate(silent, in: json) == (nil, nil))
    }
}
