@testable import FeedParser
import Testing

@Suite("text positions")
struct TextPositionTests {
    @Test(arguments: [
        ("abc", 0, 1, 1),
        ("abc", 2, 1, 3),
        ("a\nb", 2, 2, 1),
        ("a\r\nb", 3, 2, 1),
        ("a\rb\rc", 4, 3, 1),
        ("éé x", 5, 1, 4),
        ("ab", 99, 1, 3),
    ] as [(String, Int, Int, Int)])
    func lineAndColumn(_ text: String, _ offset: Int, _ line: Int, _ column: Int) {
        let position = TextPosition.of(byte: offset, in: Array(text.utf8))
        #expect(position.line == line)
        #expect(position.column == column)
    }
}
