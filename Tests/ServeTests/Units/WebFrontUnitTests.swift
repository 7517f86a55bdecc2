import Foundation
import Testing
@testable import WebFront

/// The web front's pieces that keep pages safe: escaping by construction, the links a page may hold, the
/// anti-forgery tokens, the paths a form may send a browser back to, and article HTML made safe.
@Suite("web front pieces")
struct WebFrontUnitTests {
    @Test("interpolated text is escaped for element text and quoted attributes; control characters are dropped")
    func escaping() {
        let hostile = "<script>\"x\" & 'y'</script>\u{1B}[31m\u{85}"
        let html: HTML = "<p title=\"\(hostile)\">\(hostile)</p>"
        #expect(html.markup == "<p title=\"&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;[31m\">&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;[31m</p>")
        let plain = "just words, 100% plain"
        let same: HTML = "\(plain)"
        #expect(same.markup == plain)
    }

    @Test("a page links only to its own paths and to http(s) addresses")
    func links() {
        for refused in ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "vbscript:x", "//evil.example/", "mailto:x@y"] {
            #expect(WebLink(external: refused) == nil, "\(refused)")
        }
        #expect(WebLink(external: "https://example.org/a?b=c")?.text == "https://example.org/a?b=c")
        let query = WebLink(path: "/web/unread", query: [("q", "a&b=c d"), ("tag", nil), ("order", "")])
        #expect(query.text == "/web/unread?q=a%26b%3Dc%20d")
    }

    @Test("anti-forgery tokens differ in every answer, and only the browser's own secret's are valid")
    func csrf() {
        let first = CSRFToken.make(for: "secret-a")
        let second = CSRFToken.make(for: "secret-a")
        #expect(first != second)
        #expect(CSRFToken.isValid(first, for: "secret-a") && CSRFToken.isValid(second, for: "secret-a"))
        #expect(!CSRFToken.isValid(first, for: "secret-b"))
        #expect(!CSRFToken.isValid(nil, for: "secret-a") && !CSRFToken.isValid("", for: "secret-a"))
        #expect(!CSRFToken.isValid(String(first.dropLast()), for: "secret-a"))
        #expect(!CSRFToken.isValid(String(repeating: "A", count: 10_000), for: "secret-a"))
    }

    @Test("a form sends the browser back only to a path of the web front")
    func localPaths() {
        for refused in ["https://evil.example/", "//evil.example/web/", "/\\evil.example", "/web/../../x//y", "/other", "/web/\n",
                        "javascript:alert(1)", "/web/ x"] {
            #expect(WebForm.localPath(refused, fallback: "/web/unread") == "/web/unread", "\(refused)")
        }
        #expect(WebForm.localPath("/web/article/3?list=unread&q=x", fallback: "/web/unread") == "/web/article/3?list=unread&q=x")
    }

    @Test("article HTML reaches a page only made safe: no script, handler, base, meta, form, style, tracking pixel")
    func safeFragment() throws {
        let hostile = """
            <meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">
            <style>body{display:none}</style><p style="position:fixed" onclick="x()">Hello <a href="rel/page">link</a>
            <a href="javascript:alert(1)">js</a></p><script>alert(2)</script><form action="/x"><button>go</button></form>
            <img src="/img/a.png" width="600"><img src="https://t.example/p.gif" width="1" height="1"><svg onload="x()"></svg>
            <iframe src="https://evil.example/"></iframe><object data="x.swf"></object>
            """
        let safe = try SafeFragment(html: hostile, baseURL: URL(string: "https://example.org/post/1"), images: MediaProxy(mode: .none))
        for forbidden in ["<meta", "<base", "<style", "style=", "onclick", "javascript:", "<script", "<form", "<button", "t.example",
                          "onload", "<iframe", "<object", "evil.example"] {
            #expect(!safe.markup.contains(forbidden), "\(forbidden) in \(safe.markup)")
        }
        #expect(safe.markup.contains("<a href=\"https://example.org/post/rel/page\" rel=\"noopener noreferrer\" target=\"_blank\">link</a>"))
        #expect(safe.markup.contains("<img src=\"https://example.org/img/a.png\" referrerpolicy=\"no-referrer\" loading=\"lazy\">"))
    }

    @Test("gzip output is what zlib reads back")
    func gzip() throws {
        let text = Array(String(repeating: "<li>an article title</li>\n", count: 500).utf8)
        let compressed = try #require(Gzip.compress(text))
        #expect(compressed.count < text.count / 10 && compressed.starts(with: [0x1F, 0x8B]))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }  // a folder in /tmp: nothing to report
        let file = directory.appendingPathComponent("page.gz")
        try Data(compressed).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && Array(output) == text)
    }
}
