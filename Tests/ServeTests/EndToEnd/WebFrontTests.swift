import Foundation
import RssCore
import Testing

/// The web front through HTTP as a browser speaks it: signing in and out, the lists and an article, marks by
/// form, the anti-forgery checks, the security headers, hostile feeds made safe, one account's pages closed to
/// another, and sessions listed and ended from the page and from the command line.
@Suite("web front", .serialized)
struct WebFrontTests {
    static let bob = (name: "bob", password: "bob's own password")

    /// A feed whose title, summary and content try everything a page must not let through.
    static let hostileFeed = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
        <title>Hostile &lt;b&gt;source&lt;/b&gt;</title><link>https://example.org/</link>
        <item><title>&lt;script&gt;alert("title")&lt;/script&gt; &amp; friends</title>
        <link>https://example.org/hostile</link><guid>hostile-1</guid>
        <pubDate>Sat, 28 Nov 2026 10:00:00 +0000</pubDate>
        <content:encoded><![CDATA[
        <p onclick="alert(1)">Text <a href="javascript:alert(2)">js link</a> <a href="data:text/html,hi">data link</a>
        <a href="https://example.org/fine">fine link</a></p>
        <script>alert(3)</script><style>body { display: none }</style>
        <base href="https://evil.example/"><meta http-equiv="refresh" content="0; url=https://evil.example/">
        <form action="https://evil.example/"><input name="x"></form>
        <img src="https://example.org/pixel.gif" width="1" height="1">
        <img src="https://example.org/photo.jpg" alt="photo" onerror="alert(4)">
        <iframe src="https://evil.example/"></iframe>
        ]]></content:encoded></item>
        </channel></rss>
        """#

    @Test("sign in, read a list and an article, mark and star by form, sign out")
    func readingStory() async throws {
        let server = try await ServeProcess { path in
            try await Library.prepare(path)
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
            let hostile = directory.appendingPathComponent("hostile.xml")
            try Self.hostileFeed.write(to: hostile, atomically: true, encoding: .utf8)
            try await TestFeeds.follow([(hostile, [])], database: path)
        }
        try await Browser.with(server.baseURL) { browser in
            // Signed out, every page leads to the sign-in form, and back to the page once signed in.
            let root = try await browser.get("/")
            #expect(root.status == 303 && root.location == "/web/unread")
            let unsigned = try await browser.get("/web/unread?tag=tech")
            #expect(unsigned.status == 303 && unsigned.location == "/web/login?next=%2Fweb%2Funread%3Ftag%3Dtech", "\(unsigned.location ?? "")")
            let form = try await browser.get("/web/login?next=%2Fweb%2Funread%3Ftag%3Dtech")
            #expect(form.status == 200 && form.csrf != nil)
            let loginCookie = form.all("Set-Cookie").first { $0.hasPrefix("rss_login=") } ?? ""
            #expect(loginCookie.contains("HttpOnly") && loginCookie.contains("SameSite=Strict") && !loginCookie.contains("Secure"))
            Self.expectSecurityHeaders(form)

            // A wrong password, a form without its token, and then the right password.
            let wrong = try await browser.post("/web/login", [("csrf", form.csrf ?? ""), ("name", ServeProcess.user), ("password", "nope")])
            #expect(wrong.status == 401 && wrong.body.contains("Wrong name or password."))
            let forged = try await browser.post("/web/login", [("name", ServeProcess.user), ("password", ServeProcess.password)])
            #expect(forged.status == 403 && browser.cookies["rss_session"] == nil)
            let again = try await browser.get("/web/login?next=%2Fweb%2Funread%3Ftag%3Dtech")
            let signedIn = try await browser.post("/web/login", [
                ("csrf", again.csrf ?? ""), ("name", ServeProcess.user), ("password", ServeProcess.password),
                ("next", "/web/unread?tag=tech"),
            ])
            #expect(signedIn.status == 303 && signedIn.location == "/web/unread?tag=tech", "\(signedIn.status) \(signedIn.body)")
            #expect(browser.cookies["rss_session"] != nil)
            #expect(signedIn.all("Set-Cookie").contains { $0.hasPrefix("rss_session=") && $0.contains("HttpOnly") && $0.contains("SameSite=Strict") })

            // The tagged list: 50 of big's articles, newest first, then older pages.
            let tech = try await browser.get("/web/unread?tag=tech")
            #expect(tech.status == 200)
            Self.expectSecurityHeaders(tech)
            #expect(tech.header("Cache-Control") == "no-store")
            #expect(tech.body.contains(">big-0</a>") && tech.body.contains(">big-49</a>") && !tech.body.contains(">big-50</a>"))
            #expect(!tech.body.contains(">small-0</a>"))
            let older = try #require(Self.link(rel: "next", in: tech.body))
            let second = try await browser.get(older)
            #expect(second.body.contains(">big-50</a>") && second.body.contains(">big-99</a>") && !second.body.contains(">big-49</a>"))
            let newer = try #require(Self.link(rel: "prev", in: second.body))
            let firstAgain = try await browser.get(newer)
            #expect(firstAgain.body.contains(">big-0</a>") && firstAgain.body.contains(">big-49</a>") && Self.link(rel: "prev", in: firstAgain.body) == nil)

            // A mark made by another front is on the next page.
            let marked = try await ServeProcess.run(
                ["--db", server.database, "--filter", "title = big-0", "--mark-read", "--quiet"],
                executable: ServeProcess.reportExecutable, directory: server.directory)
            #expect(marked.status == 0, "\(marked.stderr)")
            let afterReport = try await browser.get("/web/unread?tag=tech")
            #expect(!afterReport.body.contains(">big-0</a>") && afterReport.body.contains(">big-1</a>"))

            // The hostile article: its title escaped in the list and on its page, its content made safe.
            let all = try await browser.get("/web/unread")
            #expect(all.body.contains("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; &amp; friends"))
            #expect(!all.body.contains("<script>alert"))
            let hostileLink = try #require(Self.articleLink(titled: "&lt;script&gt;alert(&quot;title&quot;)", in: all.body))
            let article = try await browser.get(hostileLink)
            #expect(article.status == 200)
            let body = article.body
            for forbidden in ["<script>alert", "onclick", "onerror", "javascript:", "data:text", "<style", "<base", "<meta http-equiv",
                              "<form action=\"https://evil", "<iframe", "pixel.gif", "evil.example"] {
                #expect(!body.contains(forbidden), "the article page holds \(forbidden)")
            }
            #expect(body.contains("href=\"https://example.org/fine\" rel=\"noopener noreferrer\" target=\"_blank\""))
            #expect(body.contains("src=\"https://example.org/photo.jpg\""))
            #expect(body.contains("feed content"))

            // Opening it marked it read; star it by form, then unread it.
            let number = try #require(Int(hostileLink.split(separator: "/").last?.split(separator: "?").first ?? ""))
            let csrf = try #require(article.csrf)
            var stored = try await Library.articles(server.database, ArticleQuery(numbers: [Int64(number)])).first
            #expect(stored?.isRead == true)
            let noToken = try await browser.post("/web/article/\(number)/mark", [("action", "star")])
            #expect(noToken.status == 403)
            let crossSite = try await browser.post(
                "/web/article/\(number)/mark", [("csrf", csrf), ("action", "star")], headers: ["Origin": "http://evil.example"])
            #expect(crossSite.status == 403)
            let star = try await browser.post(
                "/web/article/\(number)/mark", [("csrf", csrf), ("action", "star"), ("back", "//evil.example/")])
            #expect(star.status == 303 && star.location == "/web/article/\(number)")
            let script = try await browser.post(
                "/web/article/\(number)/mark", [("csrf", csrf), ("action", "unread")], headers: ["RSS-Web-Script": "1"])
            #expect(script.status == 200 && script.body == #"{"read":false,"starred":true}"#)
            stored = try await Library.articles(server.database, ArticleQuery(numbers: [Int64(number)])).first
            #expect(stored?.isStarred == true && stored?.isRead == false)

            // Mark all read up to what the page saw: an article stored since stays unread.
            let small = try await browser.get("/web/unread?q=small")
            let upto = try #require(Browser.field("upto", in: small.body))
            let markAll = try await browser.post(
                "/web/mark-all?list=unread&q=small", [("csrf", small.csrf ?? ""), ("upto", upto)])
            #expect(markAll.status == 303 && markAll.location == "/web/unread?q=small")
            let smallArticles = try await Library.articles(server.database).filter { $0.title.hasPrefix("small-") }
            #expect(smallArticles.count == Library.smallCount && smallArticles.allSatisfy(\.isRead))

            // The static files: content-addressed, kept a year.
            let style = try #require(Self.attribute("href", of: "<link rel=\"stylesheet\"", in: tech.body))
            let sheet = try await browser.get(style)
            #expect(sheet.status == 200 && sheet.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(sheet.header("Content-Type")?.hasPrefix("text/css") == true)
            // Sent compressed to a browser that takes gzip.
            let compressed = try await browser.get("/web/unread?tag=tech", headers: ["Accept-Encoding": "gzip, deflate, br"])
            #expect(compressed.header("Content-Encoding") == "gzip" && compressed.body.utf8.count < tech.body.utf8.count / 3)

            // Signing out ends the session: its cookie no longer opens a page.
            let session = try #require(browser.cookies["rss_session"])
            let out = try await browser.post("/web/logout", [("csrf", tech.csrf ?? "")])
            #expect(out.status == 303 && out.location == "/web/login" && browser.cookies["rss_session"] == nil)
            browser.setCookie("rss_session", session)
            let after = try await browser.get("/web/unread")
            #expect(after.status == 303 && after.location?.hasPrefix("/web/login") == true)
        }
    }

    @Test("a mark made in the browser shows in a running rss-repl's prompt, which looks twice a second")
    func markReachesRepl() async throws {
        let server = try await ServeProcess(prepare: ServeEndToEnd.NewsboatTests.prepare)
        let repl = ServeProcess.executable.deletingLastPathComponent().appendingPathComponent("rss-repl")
        var environment = ServeProcess.environment(server.directory).filter { ["HOME", "NO_COLOR"].contains($0.key) || $0.key.hasPrefix("XDG_") }
        environment["XDG_STATE_HOME"] = server.directory.appendingPathComponent("state").path
        let session = try await TerminalSession.start([repl.path, "--db", server.database], environment: environment, in: server.directory)
        try await session.expect("· 7 unread] rss>")
        try await Browser.with(server.baseURL) { browser in
            #expect(try await browser.signIn(ServeProcess.user, ServeProcess.password).status == 303)
            let list = try await browser.get("/web/unread")
            let link = try #require(Self.articleLink(titled: "small-0", in: list.body))
            let number = try #require(link.split(separator: "/").last?.split(separator: "?").first.map(String.init))
            let marked = try await browser.post("/web/article/\(number)/mark", [("csrf", list.csrf ?? ""), ("action", "read")], headers: ["RSS-Web-Script": "1"])
            #expect(marked.status == 200)
            try await session.expect("· 6 unread] rss>")
        }
        try await session.press("quit", "Enter")
        try await session.end()
    }

    @Test("one account's pages, numbers and forms are closed to another, answering as for what never existed")
    func isolation() async throws {
        let server = try await ServeProcess(prepare: Library.prepare)
        let bob = try await ServeProcess.run(
            ["user", "set", Self.bob.name, "--accounts", server.accounts], input: Self.bob.password + "\n", directory: server.directory)
        #expect(bob.status == 0, "\(bob.stderr)")
        let aliceArticles = try await Library.articles(server.database)
        let aliceSource = try #require(try await Library.sources(server.database).first)
        try await Browser.with(server.baseURL) { browser in
            #expect(try await browser.signIn(Self.bob.name, Self.bob.password).status == 303)
            let list = try await browser.get("/web/all")
            #expect(list.status == 200 && list.body.contains("No articles here.") && !list.body.contains("big-"))
            let never = try await browser.get("/web/article/999999")
            let csrf = try #require(list.csrf)
            for article in aliceArticles.prefix(20) {
                let page = try await browser.get("/web/article/\(article.number)")
                #expect(page.status == never.status && page.body == never.body)
                let mark = try await browser.post("/web/article/\(article.number)/mark", [("csrf", csrf), ("action", "star")])
                #expect(mark.status == 404)
            }
            let source = try await browser.get("/web/unread?source=\(aliceSource.id.uuidString)")
            let noSource = try await browser.get("/web/unread?source=\(UUID().uuidString)")
            #expect(source.status == 404 && source.status == noSource.status && source.body == noSource.body)
            let tag = try await browser.get("/web/unread?tag=tech")
            let noTag = try await browser.get("/web/unread?tag=never")
            #expect(tag.status == 404 && tag.body == noTag.body)
            // Bob's session cookie is his: Alice's sessions cannot be ended with it.
            #expect(try await Library.articles(server.database).allSatisfy { !$0.isStarred })
        }
    }

    @Test("sessions are listed and ended on the page and with rss-serve user sessions")
    func sessions() async throws {
        let server = try await ServeProcess()
        try await Browser.with(server.baseURL) { first in
            try await Browser.with(server.baseURL) { second in
                #expect(try await first.signIn(ServeProcess.user, ServeProcess.password).status == 303)
                #expect(try await second.signIn(ServeProcess.user, ServeProcess.password).status == 303)
                let page = try await first.get("/web/sessions")
                #expect(page.status == 200 && page.body.contains("(this browser)") && page.body.contains("Chrome from 127.0.0.1"))
                let listed = try await ServeProcess.run(["user", "sessions", ServeProcess.user, "--accounts", server.accounts], directory: server.directory)
                let lines = listed.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
                #expect(listed.status == 0 && lines.count == 2 && lines.allSatisfy { $0.count == 5 && $0[1] == "web" }, "\(listed.stdout)")
                // The command line ends the second browser's session (the newest is listed first).
                let newest = try #require(lines.first?.first)
                let revoked = try await ServeProcess.run(
                    ["user", "sessions", "revoke", ServeProcess.user, newest, "--accounts", server.accounts], directory: server.directory)
                #expect(revoked.status == 0, "\(revoked.stderr)")
                #expect(try await second.get("/web/unread").status == 303)
                #expect(try await first.get("/web/unread").status == 200)
                // An id that is not the user's session is refused on the page and by the command.
                let notOurs = try await first.post("/web/sessions/revoke", [("csrf", page.csrf ?? ""), ("id", "0000000000")])
                #expect(notOurs.status == 200 && notOurs.body.contains("There is no such session"))
                let unknown = try await ServeProcess.run(
                    ["user", "sessions", "revoke", ServeProcess.user, "0000000000", "--accounts", server.accounts], directory: server.directory)
                #expect(unknown.status != 0)
                // Ending this browser's own session from the page signs it out.
                let own = try #require(lines.last?.first)
                let end = try await first.post("/web/sessions/revoke", [("csrf", page.csrf ?? ""), ("id", own)])
                #expect(end.status == 303 && end.location == "/web/login")
                #expect(try await first.get("/web/unread").status == 303)
            }
        }
    }

    static func expectSecurityHeaders(_ page: Browser.Page, sourceLocation: SourceLocation = #_sourceLocation) {
        let policy = page.header("Content-Security-Policy") ?? ""
        #expect(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"),
                sourceLocation: sourceLocation)
        #expect(page.header("X-Content-Type-Options") == "nosniff", sourceLocation: sourceLocation)
        #expect(page.header("Referrer-Policy") == "no-referrer", sourceLocation: sourceLocation)
        #expect(page.header("X-Frame-Options") == "DENY", sourceLocation: sourceLocation)
    }

    /// The `href` of the first `<a rel="REL" href="…">`, unescaped.
    static func link(rel: String, in html: String) -> String? {
        attribute("href", of: "<a rel=\"\(rel)\"", in: html)
    }

    /// The address of the article whose title (as escaped in the page) starts with `title`.
    static func articleLink(titled title: String, in html: String) -> String? {
        guard let titleRange = html.range(of: "\">" + title) else { return nil }
        let before = html[..<titleRange.lowerBound]
        guard let start = before.range(of: "href=\"", options: .backwards) else { return nil }
        return String(before[start.upperBound...]).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The value of `name` in the first tag that starts with `prefix`, unescaped.
    static func attribute(_ name: String, of prefix: String, in html: String) -> String? {
        guard let start = html.range(of: prefix) else { return nil }
        let tag = html[start.lowerBound...].prefix { $0 != ">" }
        guard let value = tag.range(of: name + "=\"") else { return nil }
        return String(tag[value.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }
}
