import Foundation
import LoopbackServers
import RssCore
import Testing

/// The web front's pages that change the library: sources added by a feed's or a site's address (with the
/// choice a site of several feeds asks for), each source's settings, OPML import and export, rules and saved
/// queries checked as the REPL checks them, and the settings.
@Suite("web front: sources, rules, settings", .serialized)
struct WebLibraryTests {
    static func feed(_ name: String, items: Int) -> String {
        var text = #"<?xml version="1.0"?><rss version="2.0"><channel><title>\#(name) feed</title><link>/</link>"#
        for index in 0..<items {
            text += "<item><title>\(name)-\(index)</title><guid>\(name)-\(index)</guid><link>/page/\(name)-\(index).html</link>"
            text += "<description>Body of \(name) \(index)</description></item>"
        }
        return text + "</channel></rss>"
    }

    static func site(_ feeds: [String]) -> String {
        let links = feeds.map { #"<link rel="alternate" type="application/rss+xml" title="\#($0) feed" href="/\#($0).xml">"# }
        return "<html><head><title>A site</title>\(links.joined())</head><body><p>Welcome</p></body></html>"
    }

    /// Feeds of three items at `/NAME.xml`, a site of one feed at `/one-site/` and of two at `/two-site/`.
    static func feedServer() throws -> LoopbackFeedServer {
        try LoopbackFeedServer { request in
            switch request.path {
            case "/one-site/": return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(Self.site(["solo"]).utf8))
            case "/two-site/": return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(Self.site(["news", "comments"]).utf8))
            default:
                let name = String(request.path.dropFirst().prefix { $0 != "." })
                return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(Self.feed(name, items: 3).utf8))
            }
        }
    }

    @Test("add by feed and by site (one feed, or a choice of several), change, remove; OPML out and in")
    func sources() async throws {
        let feeds = try Self.feedServer()
        let server = try await ServeProcess()
        let allow = try await ServeProcess.run(
            ["user", "set", ServeProcess.user, "--allow-private", "127.0.0.1/32", "--accounts", server.accounts],
            input: ServeProcess.password + "\n", directory: server.directory)
        #expect(allow.status == 0, "\(allow.stderr)")
        try await Browser.with(server.baseURL) { browser in
            #expect(try await browser.signIn(ServeProcess.user, ServeProcess.password).status == 303)
            var page = try await browser.get("/web/sources")
            #expect(page.status == 200 && page.body.contains("0 sources"))

            // A feed's address: followed at once, with its tags.
            let feed = try await browser.post("/web/sources/add", [("csrf", page.csrf ?? ""), ("address", feeds.url("alpha.xml")), ("tags", "News, tech")])
            #expect(feed.status == 303 && feed.location?.hasPrefix("/web/sources/") == true, "\(feed.status) \(feed.body)")
            let alphaPath = try #require(feed.location)
            page = try await browser.get(alphaPath)
            #expect(page.body.contains("<h1>alpha feed</h1>") && page.body.contains("Following alpha feed.") && page.body.contains("News, tech"))

            // A site of one feed: followed at once. A site of two: the choice, then the one chosen.
            let solo = try await browser.post("/web/sources/add", [("csrf", page.csrf ?? ""), ("address", feeds.url("one-site/"))])
            #expect(solo.status == 303)
            let choice = try await browser.post("/web/sources/add", [("csrf", page.csrf ?? ""), ("address", feeds.url("two-site/")), ("tags", "site")])
            #expect(choice.status == 200 && choice.body.contains("Choose a feed") && choice.body.contains(feeds.url("comments.xml")))
            let chosen = try await browser.post("/web/sources/add", [
                ("csrf", choice.csrf ?? ""), ("chosen", "1"), ("address", feeds.url("comments.xml")), ("tags", "site"),
            ])
            #expect(chosen.status == 303)
            var sources = try await Library.sources(server.database)
            #expect(Set(sources.map(\.title)) == ["alpha feed", "solo feed", "comments feed"], "\(sources.map(\.title))")
            #expect(sources.first { $0.title == "comments feed" }?.tags == ["site"])

            // Nothing there, and an address the account's policy refuses: said, nothing followed.
            let bad = try await browser.post("/web/sources/add", [("csrf", page.csrf ?? ""), ("address", "not an address")])
            #expect(bad.status == 422 && bad.body.contains("role=\"alert\""))
            let refused = try await browser.post("/web/sources/add", [("csrf", page.csrf ?? ""), ("address", "http://10.1.2.3/feed")])
            #expect(refused.status == 422 && refused.body.contains("role=\"alert\""))

            // A source's settings.
            let csrf = page.csrf ?? ""
            for change in [[("do", "rename"), ("title", "Alpha <renamed>")], [("do", "tags"), ("tags", "one, two")], [("do", "disable")],
                           [("do", "fulltext-on")], [("do", "interval"), ("interval", "2h")]] {
                let answer = try await browser.post(alphaPath, [("csrf", csrf)] + change)
                #expect(answer.status == 303 && answer.location == alphaPath, "\(change): \(answer.status)")
            }
            let tooShort = try await browser.post(alphaPath, [("csrf", csrf), ("do", "interval"), ("interval", "5s")])
            #expect(tooShort.status == 422 && tooShort.body.contains("an interval must be between 60 s and 30 days"))
            page = try await browser.get(alphaPath)
            #expect(page.body.contains("<h1>Alpha &lt;renamed&gt;</h1>") && page.body.contains("one, two") && page.body.contains("disabled"))
            var alpha = try #require(try await Library.sources(server.database).first { $0.title == "Alpha <renamed>" })
            #expect(!alpha.isEnabled && alpha.isFullText && alpha.tags == ["one", "two"])
            #expect(try await browser.post(alphaPath, [("csrf", csrf), ("do", "enable")]).status == 303)
            alpha = try #require(try await Library.sources(server.database).first { $0.id == alpha.id })
            #expect(alpha.isEnabled)

            // OPML out, and in: one new feed, one followed already, one the policy refuses.
            let export = try await browser.get("/web/sources/export")
            #expect(export.status == 200 && export.header("Content-Disposition")?.hasPrefix("attachment") == true)
            #expect(export.body.contains(feeds.url("alpha.xml")) && export.body.contains(feeds.url("comments.xml")))
            let opml = """
                <?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
                <outline type="rss" text="beta" xmlUrl="\(feeds.url("beta.xml"))"/>
                <outline type="rss" text="alpha" xmlUrl="\(feeds.url("alpha.xml"))"/>
                <outline type="rss" text="private" xmlUrl="http://10.9.9.9/feed.xml"/>
                </body></opml>
                """
            let forged = try await browser.postFile("/web/sources/import", [], file: ("opml", "feeds.opml", opml))
            #expect(forged.status == 403)
            let imported = try await browser.postFile("/web/sources/import", [("csrf", csrf)], file: ("opml", "feeds.opml", opml))
            #expect(imported.status == 303 && imported.location == "/web/sources")
            page = try await browser.get("/web/sources")
            #expect(page.body.contains("Imported: 1 added, 1 followed already; not followed: http://10.9.9.9/feed.xml"), "\(page.body)")

            // Removing.
            #expect(try await browser.post(alphaPath, [("csrf", csrf), ("do", "remove")]).location == "/web/sources")
            sources = try await Library.sources(server.database)
            #expect(!sources.contains { $0.id == alpha.id } && sources.count == 3)
            #expect(try await browser.get(alphaPath).status == 404)
        }
    }

    @Test("rules and saved queries checked as the REPL checks them; settings as set reads them")
    func rulesAndSettings() async throws {
        let server = try await ServeProcess(prepare: Library.prepare)
        try await Browser.with(server.baseURL) { browser in
            #expect(try await browser.signIn(ServeProcess.user, ServeProcess.password).status == 303)
            var page = try await browser.get("/web/rules")
            let csrf = try #require(page.csrf)
            let broken = try await browser.post("/web/rules", [("csrf", csrf), ("do", "add-rule"), ("name", "x"), ("expression", "title ~~ ("), ("action", "read"), ("scope", "all")])
            #expect(broken.status == 422 && broken.body.contains("role=\"alert\"") && broken.body.contains("value=\"title ~~ (\""))
            let added = try await browser.post("/web/rules", [
                ("csrf", csrf), ("do", "add-rule"), ("name", "smalls"), ("expression", "title contains small"), ("action", "star"), ("scope", "all"),
            ])
            #expect(added.status == 303)
            page = try await browser.get("/web/rules?test=title%20contains%20small")
            #expect(page.body.contains("5 articles") && page.body.contains("smalls") && page.body.contains("<li>small-0</li>"))
            let applied = try await browser.post("/web/rules", [("csrf", csrf), ("do", "apply"), ("name", "smalls")])
            #expect(applied.status == 303)
            page = try await browser.get("/web/rules")
            #expect(page.body.contains("smalls: 5 articles changed."))
            #expect(try await Library.articles(server.database).filter(\.isStarred).count == 5)
            #expect(try await browser.post("/web/rules", [("csrf", csrf), ("do", "remove-rule"), ("name", "smalls")]).status == 303)

            let saved = try await browser.post("/web/rules", [("csrf", csrf), ("do", "add-query"), ("name", "tens"), ("expression", "title ~ \"-10$\"")])
            #expect(saved.status == 303)
            let list = try await browser.get("/web/all?saved=tens")
            #expect(list.status == 200 && list.body.contains(">big-10</a>") && !list.body.contains(">big-11</a>"))

            page = try await browser.get("/web/settings")
            let set = try await browser.post("/web/settings", [("csrf", page.csrf ?? ""), ("key", "refresh-interval"), ("value", "2h")])
            #expect(set.status == 303)
            page = try await browser.get("/web/settings")
            #expect(page.body.contains("Set refresh-interval to 2h.") && page.body.contains("value=\"7200s\""))
            let wrong = try await browser.post("/web/settings", [("csrf", page.csrf ?? ""), ("key", "page-size"), ("value", "many")])
            #expect(wrong.status == 422 && wrong.body.contains("page-size takes a number, not “many”"))
        }
    }
}
