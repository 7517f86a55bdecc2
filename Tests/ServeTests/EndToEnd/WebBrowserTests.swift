import Foundation
import LoopbackServers
import RssCore
import Testing

/// The web front in a real browser: Debian's Chromium driven by Selenium (`Clients/web_browser.py`), with the
/// keys alone, with JavaScript off, on hostile feeds at a phone's width, and checked by axe-core light and dark.
@Suite("web front in Chromium", .serialized)
struct WebBrowserTests {
    @Test("reading with the keys alone: j/k, m, s, o, g s, /, ?; marks without reloading")
    func keys() async throws {
        try await Self.drive("keys", prepare: Library.prepare)
    }

    @Test("the same story with JavaScript off: every action a link or a form")
    func withoutJavaScript() async throws {
        try await Self.drive("nojs", prepare: Library.prepare)
    }

    @Test("hostile feeds: no dialog, no navigation, no request elsewhere, the layout holds at 360 px")
    func hostile() async throws {
        try await Self.drive("hostile") { path in
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var feeds: [(URL, [String])] = []
            for (name, text) in HostileFeeds.all {
                let url = directory.appendingPathComponent("\(name).xml")
                try text.write(to: url, atomically: true, encoding: .utf8)
                feeds.append((url, name == "many-tags" ? HostileFeeds.manyTags : []))
            }
            try await TestFeeds.follow(feeds, database: path)
        }
    }

    @Test("sources in the browser: a site's feeds to choose from, OPML imported from a file and exported")
    func library() async throws {
        let feeds = try WebLibraryTests.feedServer()
        let server = try await ServeProcess()
        let allow = try await ServeProcess.run(
            ["user", "set", ServeProcess.user, "--allow-private", "127.0.0.1/32", "--accounts", server.accounts],
            input: ServeProcess.password + "\n", directory: server.directory)
        #expect(allow.status == 0, "\(allow.stderr)")
        let base = String(feeds.url("").dropLast())
        let outcome = try await ClientScript.run(
            "web_browser.py", ["library", server.baseURL, ServeProcess.user, ServeProcess.password, base], in: server.directory)
        #expect(outcome.status == 0 && outcome.stdout.contains("ok library"), "\(outcome.stdout)\n\(outcome.stderr)")
    }

    @Test("axe-core finds no WCAG A or AA violation on any page kind, light or dark")
    func accessibility() async throws {
        try await Self.drive("axe", prepare: Library.prepare)
    }

    /// Runs `web_browser.py MODE` against a server of a library `prepare` made; the script's failures are the
    /// test's.
    static func drive(_ mode: String, prepare: @escaping (String) async throws -> Void) async throws {
        let server = try await ServeProcess(prepare: prepare)
        let outcome = try await ClientScript.run(
            "web_browser.py", [mode, server.baseURL, ServeProcess.user, ServeProcess.password], in: server.directory)
        #expect(outcome.status == 0 && outcome.stdout.contains("ok \(mode)"), "\(outcome.stdout)\n\(outcome.stderr)")
    }
}

/// Feeds made to break a page: a title of 1 MB, a source filed under 10,000 tags, an unbroken word of 5,000
/// characters, and content that tries to run script, navigate, load from elsewhere or escape its box.
enum HostileFeeds {
    static let manyTags = (0..<10_000).map { "tag-\($0)" }

    static var all: [(String, String)] {
        [
            ("huge-title", feed("huge-title", title: String(repeating: "A very long title ", count: 58_000), content: "<p>x</p>")),
            ("long-word", feed("long-word", title: String(repeating: "W", count: 5_000), content: "<p>\(String(repeating: "x", count: 5_000))</p>")),
            ("many-tags", feed("many-tags", title: "filed under ten thousand tags", content: "<p>tags</p>")),
            ("script", feed("script", title: "<img src=x onerror=alert(1)>", content: """
                <p onmouseover="alert(1)">hover</p><script>alert(2)</script><svg><script>alert(3)</script></svg>
                <a href="javascript:alert(4)">js</a><meta http-equiv="refresh" content="0;url=https://evil.example/">
                <iframe src="https://evil.example/"></iframe><object data="https://evil.example/x.swf"></object>
                <form action="https://evil.example/"><input name=x><button>go</button></form>
                <link rel="stylesheet" href="https://evil.example/x.css"><style>@import url(https://evil.example/y.css);</style>
                <div style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(https://evil.example/z)">cover</div>
                <table><tr><td>\(String(repeating: "cell ", count: 400))</td></tr></table>
                <pre>\(String(repeating: "code", count: 2_000))</pre><img src="https://evil.example/pixel.gif" width="1" height="1">
                <video src="https://evil.example/v.mp4" autoplay></video><audio src="https://evil.example/a.mp3" autoplay></audio>
                """)),
        ]
    }

    static func feed(_ name: String, title: String, content: String) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(name)</title><link>https://example.org/\(name)/</link>
            <item><title>\(escaped(title))</title><link>https://example.org/\(name)/1</link><guid>\(name)-1</guid>
            <pubDate>Sat, 28 Nov 2026 10:00:00 +0000</pubDate><description>\(escaped(content))</description></item>
            </channel></rss>
            """
    }
}
