import Foundation
import Testing

@Suite("rss-repl shows each story once")
struct StoryTests {
    /// Two feed files sharing one story (the second links to it with tracking parameters).
    static func feeds(in directory: URL) throws -> (URL, URL) {
        func feed(_ name: String, _ items: [(String, String, String, Int)]) throws -> URL {
            let url = directory.appendingPathComponent("\(name).xml")
            let body = items.map { id, title, link, minute in
                "<item><guid>\(id)</guid><title>\(title)</title><link>\(link)</link>"
                    + "<pubDate>Mon, 02 Jun 2025 10:\(minute):00 +0000</pubDate><description>Text of \(id)</description></item>"
            }.joined()
            try "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(name)</title>\(body)</channel></rss>"
                .write(to: url, atomically: true, encoding: .utf8)
            return url
        }
        return (
            try feed(
                "Origin",
                [("o1", "The story", "https://origin.example/story", 30), ("o2", "Only here", "https://origin.example/2", 20)]),
            try feed("Aggregator", [("g1", "The story, shared", "https://origin.example/story?utm_source=agg", 40)])
        )
    }

    @Test("the list marks the story's other source, the article names it, and `set dedup off` shows every copy", .timeLimit(.minutes(5)))
    func story() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let (origin, aggregator) = try Self.feeds(in: directory)
        let script = """
            add \(origin.path)
            add \(aggregator.path)
            list
            open 1
            set dedup off
            list
            quit

            """
        let run = try await ScriptedRun.run(script, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("list 1: all articles, page 1 of 1 (2 articles)") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("Origin +1") && $0.contains("The story") }, "\(run.stdout)")
        #expect(lines.contains("also in: Aggregator"), "\(run.stdout)")
        #expect(lines.contains("dedup                 off"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("list 1: all articles, page 1 of 1 (3 articles)") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("The story, shared") }, "\(run.stdout)")
    }
}
