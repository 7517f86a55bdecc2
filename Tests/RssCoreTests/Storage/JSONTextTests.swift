import GRDB
import Testing

@testable import RssCore

@Suite("Lists handed to a statement as JSON")
struct JSONTextTests {
    @Test("json_each reads back every string as it was, quotes, backslashes, controls and all")
    func roundTrip() throws {
        let strings = [
            "plain", "", "with \"quotes\"", #"back\slash"#, "tab\tand\nnew line", "\u{1}\u{1F}", "é 中文 😀",
            "https://example.org/?a=1&b=[2]", "cut\u{0}here",
        ]
        let read = try DatabaseQueue().read { db in
            try String.fetchAll(db, sql: "SELECT value FROM json_each(?)", arguments: [JSONText.array(of: strings)])
        }
        // A NUL ends a string, as it ends text bound to a statement.
        #expect(read == strings.dropLast() + ["cut"])
        #expect(JSONText.array(of: []) == "[]")
    }
}
