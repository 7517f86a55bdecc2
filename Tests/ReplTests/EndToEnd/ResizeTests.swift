import Foundation
import Testing

/// The terminal changes size under a running session, as when the user drags the window: articles are laid out
/// for the new width, and a half-typed line survives and is submitted as typed.
@Suite("rss-repl: terminal resize", .serialized)
struct ResizeTests {
    static let paragraph =
        "Wrapping test sentence with plenty of ordinary words so that every width needs several lines to hold it."

    /// A feed of one article whose title, paragraphs and list items all need wrapping below 100 columns.
    static func articleFeed(in directory: URL) throws -> URL {
        let body = """
            <p>\(paragraph) \(paragraph)</p><p>\(paragraph) <a href="https://e.example/1">first link</a></p>
            <ul><li>\(paragraph)</li><li>short</li></ul><blockquote>\(paragraph)</blockquote>
            <p>The end <a href="https://e.example/2">second link</a>.</p>
            """
        let feed = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Resize</title>
            <item><title>A title long enough to need two lines when the terminal is narrow, as this one becomes</title>
            <link>https://e.example/a</link><guid>resize-1</guid><pubDate>Mon, 01 Dec 2025 10:00:00 GMT</pubDate>
            <description><![CDATA[\(body)]]></description></item></channel></rss>
            """
        let file = directory.appendingPathComponent("resize.rss")
        try feed.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The lines of an article as shown: from its title to its last link.
    static func articleLines(_ output: String) -> [Substring] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("A title long enough") }) else { return [] }
        return Array(lines[start...])
    }

    @Test("open after a resize wraps to the new width; a half-typed line survives a resize", .timeLimit(.minutes(5)))
    func resize() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let feed = try Self.articleFeed(in: directory)
        let repl = try PtyProcess.repl(in: directory, columns: 100)
        try await repl.waitFor("rss> ")
        repl.type("add \(feed.path)\r")
        try await repl.waitFor("added source 1: Resize")
        try await repl.waitFor("rss> ")
        repl.type("list\r")
        try await repl.waitFor("rss> ")

        repl.type("open 1\r")
        let wide = Self.articleLines(try await repl.waitFor("[2] https://e.example/2"))
        #expect(wide.count > 5)
        #expect(wide.allSatisfy { $0.count <= 100 })
        #expect(wide.contains { $0.count > 60 }, "laid out for 100 columns: \(wide)")
        try await repl.waitFor("rss> ")

        repl.resize(columns: 44, rows: 30)
        repl.type("open 1\r")
        let narrow = Self.articleLines(try await repl.waitFor("[2] https://e.example/2"))
        #expect(narrow.count > wide.count)
        #expect(narrow.allSatisfy { $0.count <= 44 }, "wider than 44 columns: \(narrow.filter { $0.count > 44 })")
        #expect(narrow.contains { $0.count > 30 }, "uses the width: \(narrow)")
        #expect(narrow.contains("│ Wrapping test sentence with plenty of"))
        try await repl.waitFor("rss> ")

        // A line longer than the narrow terminal, half typed when the window grows: redrawn, then completed.
        repl.type("search wrapped lorem ipsum dolor sit amet")
        try await repl.waitFor("sit amet")
        repl.resize(columns: 90, rows: 30)
        try await repl.waitFor("rss> search wrapped lorem ipsum dolor sit amet")
        repl.type(" zebra\r")
        try await repl.waitFor("matching “wrapped lorem ipsum dolor sit amet zebra”")

        repl.type("\u{04}")
        #expect(try await repl.waitForExit() == 0)
    }
}
