import Foundation
import LoopbackServers
import Testing

/// `add` on a web page (its feeds found, listed, one picked with `add N`) on a pseudo-terminal and through a
/// pipe, and tags as a user works with them: `tag`, `untag`, `sources` by tag, `list #TAG`, `mark-all-read #TAG`.
@Suite("rss-repl: discovery and tags", .serialized)
struct DiscoveryAndTagsTests {
    /// A blog at `/blog/` declaring two feeds (relative addresses), and the feeds.
    static func blog() throws -> LoopbackFeedServer {
        try LoopbackFeedServer { request in
            switch request.path {
            case "/blog/":
                let page = """
                    <!DOCTYPE html><html><head><title>A blog</title>
                    <link rel="alternate" type="application/rss+xml" title="Posts" href="posts.rss">
                    <link rel="alternate" type="application/atom+xml" title="Comments" href="/comments.atom">
                    </head><body><script>var x = '<link rel="alternate" href="/no">';</script></body></html>
                    """
                return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
            case "/blog/posts.rss":
                let feed = """
                    <?xml version="1.0"?><rss version="2.0"><channel><title>Blog posts</title>
                    <item><guid>p1</guid><title>A post</title></item></channel></rss>
                    """
                return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(feed.utf8))
            case "/comments.atom":
                let feed = """
                    <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog comments</title>
                    <id>urn:c</id><entry><id>urn:c1</id><title>A comment</title><updated>2025-06-01T10:00:00Z</updated>
                    </entry><entry><id>urn:c2</id><title>Another</title><updated>2025-06-02T10:00:00Z</updated></entry>
                    </feed>
                    """
                return .init(status: 200, headers: ["Content-Type": "application/atom+xml"], body: Data(feed.utf8))
            default:
                return .init(status: 404)
            }
        }
    }

    @Test("on a terminal: add on a page with two feeds lists them; add 2 follows the second", .timeLimit(.minutes(5)))
    func addPageThenPick() async throws {
        let server = try Self.blog()
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory)
        try await repl.waitFor("rss> ")
        repl.type("add \(server.url("blog/")) social\r")
        try await repl.waitFor("\(server.url("blog/")) declares 2 feeds:")
        let listed = try await repl.waitFor("add N follows feed N")
        #expect(listed.contains("1  Posts"))
        #expect(listed.contains("rss   \(server.url("blog/posts.rss"))"))
        #expect(listed.contains("2  Comments"))
        #expect(listed.contains("atom  \(server.url("comments.atom"))"))
        try await repl.waitFor("rss> ")
        repl.type("add 2\r")
        // The notice names the source as it is known then: the feed's title when its fetch is already done,
        // else its host until the fetch brings the title (on a loaded machine), which then follows.
        try await repl.waitFor("added source 1: ")
        try await repl.waitFor("Blog comments")
        try await repl.waitFor("rss> ")
        repl.type("add 3\r")
        try await repl.waitFor("error: no feed 3: the last add found 2 (1–2)")
        repl.type("sources\r")
        try await repl.waitFor("#social · 1 source · 2 unread")
        try await repl.waitFor("Blog comments")
        repl.type("quit\r")
        #expect(try await repl.waitForExit() == 0)
        // The page and the feed picked; never the link written inside the script, nor the first feed.
        #expect(server.seen.map(\.path) == ["/blog/", "/comments.atom"])
    }

    @Test("scripted: one feed at a page is followed at once; no feed is an error and a failed status", .timeLimit(.minutes(5)))
    func scriptedDiscovery() async throws {
        let server = try LoopbackFeedServer { request in
            switch request.path {
            case "/one":
                let page = #"<!DOCTYPE html><base href="/feeds/"><link rel="alternate" type="application/rss+xml" href="main">"#
                return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
            case "/feeds/main":
                let feed = #"<rss version="2.0"><channel><title>Main</title><item><guid>1</guid><title>Hi</title></item></channel></rss>"#
                return .init(status: 200, body: Data(feed.utf8))
            case "/none":
                return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data("<p>nothing".utf8))
            default:
                return .init(status: 404)
            }
        }
        let directory = try ReplPaths.temporaryDirectory()
        let run = try await ScriptedRun.run("add \(server.url("one"))\nadd \(server.url("none"))\nadd 1\n", in: directory)
        #expect(run.stdout == """
            1 new in Main
            found the feed \(server.url("feeds/main")) at \(server.url("one"))
            added source 1: Main

            """)
        #expect(run.stderr == """
            error: no feed found at \(server.url("none")): it is no feed and declares none, nor is there one at its site's usual addresses
            error: no feeds to pick from: add N follows one of the feeds add URL lists

            """)
        #expect(run.status == 1)
    }

    @Test("tags: tag and untag, sources by tag with unread counts, list, refresh and mark-all-read of a tag", .timeLimit(.minutes(5)))
    func tags() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let script = """
            add \(ReplPaths.sample("qemu.atom")) virt
            add \(ReplPaths.sample("russcox.atom"))
            tag research!rsc go Dev
            tag 1 dev
            sources
            set page-size 2
            list unread #DEV
            mark-all-read #go
            list all #dev
            refresh #virt
            untag 2 GO
            untag 2 nothing
            tag 9 x
            list #nothing
            sources

            """
        let run = try await ScriptedRun.run(script, in: directory)
        #expect(run.stdout.contains("“research!rsc” is filed under #go #Dev"))
        #expect(run.stdout.contains("“QEMU” is filed under #virt #Dev"))
        let firstSources = run.stdout.components(separatedBy: "refresh-interval")[0]
        #expect(firstSources.contains("#Dev · 2 sources · 29 unread"))
        #expect(firstSources.contains("#go · 1 source · 19 unread"))
        #expect(firstSources.contains("#virt · 1 source · 10 unread"))
        #expect(!firstSources.contains("untagged"))
        #expect(run.stdout.contains("list 1: unread articles of #Dev, page 1 of 15 (29 articles)"))
        #expect(run.stdout.contains("marked every article of the sources filed under #go read"))
        #expect(run.stdout.contains("list 1: all articles of #Dev, page 1 of 15 (29 articles)"))
        #expect(run.stdout.contains("refreshed 1 of 1 source, 0 new"))
        #expect(run.stdout.contains("“research!rsc” is filed under #Dev"))
        let lastSources = run.stdout.components(separatedBy: "refreshed 1 of 1")[1]
        #expect(lastSources.contains("#Dev · 2 sources · 10 unread"))
        #expect(!lastSources.contains("#go"))
        #expect(run.stderr == """
            error: “research!rsc” is not filed under #nothing
            error: no source matches “9” (sources lists them)
            error: no source is filed under “#nothing” (sources lists the tags)

            """)
        #expect(run.status == 1)
    }
}
