import Foundation
import LoopbackServers
import Testing
import RssCore
import ReduxVM
import NIOHTTP1

extension ServeEndToEnd {
    /// Real clients no one here wrote, from PyPI: the `miniflux` library and `libgreader` (Google Reader API),
    /// installed by scripts/test. Each reads subscriptions, counts and contents, pages through more than 1,000
    /// items, and sends read and star marks that the database then holds.
    @Suite("Python clients", .timeLimit(.minutes(5)))
    struct PythonClientTests {
        @Test("the miniflux client sees the library, pages it, and its marks reach the database")
        func miniflux() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let token = try await ServeProcess.run(
                ["token", "create", ServeProcess.user, "--accounts", server.accounts, "--label", "test"],
                directory: server.directory)
            #expect(token.status == 0, "\(token.stderr)")
            let seen = try await Self.python(
                "miniflux_client.py", [server.baseURL, ServeProcess.user, ServeProcess.password, token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)],
                directory: server.directory)
            #expect(seen["me"] as? String == ServeProcess.user)
            #expect(seen["feeds"] as? [[String]] == [["big", "tech"], ["small", "All"]])
            #expect(seen["categories"] as? [String] == ["All", "tech"])
            #expect(seen["unread_before"] as? [String: Int] == ["big": Library.bigCount, "small": Library.smallCount])
            #expect(seen["total"] as? Int == Library.bigCount + Library.smallCount)
            #expect(seen["paged"] as? Int == Library.bigCount + Library.smallCount)
            #expect(seen["paged_unique"] as? Int == Library.bigCount + Library.smallCount)
            #expect(seen["small_titles"] as? [String] == (0..<Library.smallCount).map { "small-\($0)" })
            #expect((seen["small_first_content"] as? String)?.contains("Body of small number 0") == true)
            #expect(seen["small_unread_after"] as? Int == Library.smallCount - 3)
            #expect(seen["starred_entry"] as? Bool == true)
            #expect(seen["starred_total"] as? Int == 1)
            #expect(seen["token_me"] as? String == ServeProcess.user)
            #expect(seen["wrong_password"] as? Int == 401)
            // What another front reads from the database.
            let articles = try await Library.articles(server.database)
            #expect(Set(articles.filter(\.isRead).map(\.title)) == Set(seen["read_titles"] as? [String] ?? []))
            #expect(articles.filter(\.isStarred).map(\.title) == [seen["starred_title"] as? String ?? "?"])
            // Renames and moves, through RssCore's tags and RenameSource.
            #expect(seen["moved"] as? [String] == ["Small renamed", "tech"])
            #expect(seen["tech_feeds"] as? [String] == ["Small renamed", "big"])
            #expect(seen["renamed_category"] as? String == "technology")
            #expect(seen["categories_after"] as? [String] == ["All", "technology"])
            #expect(seen["feeds_after"] as? [[String]] == [["Small renamed", "technology"], ["big", "technology"]])
            #expect(seen["back"] as? [String] == ["small", "All"])
            let sources = try await Library.sources(server.database)
            #expect(sources.map { [$0.title] + $0.tags } == [["big", "technology"], ["small"]])
            #expect(await server.stop() == 0)
        }

        @Test("libgreader signs in, sees the library, pages it by continuation, and its marks reach the database")
        func googleReader() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let seen = try await Self.python(
                "greader_client.py", [server.baseURL, ServeProcess.user, ServeProcess.password], directory: server.directory)
            #expect(seen["user"] as? String == ServeProcess.user)
            #expect(seen["feeds"] as? [String] == ["big", "small"])
            #expect(seen["categories"] as? [String] == ["tech"])
            #expect(seen["unread_before"] as? [String: Int] == ["big": Library.bigCount, "small": Library.smallCount])
            #expect(seen["paged"] as? Int == Library.bigCount)
            #expect(seen["paged_unique"] as? Int == Library.bigCount)
            // Newest stored first, as FreshRSS orders by its entry ids: the feed's last item first.
            #expect(seen["small_titles"] as? [String] == (0..<Library.smallCount).reversed().map { "small-\($0)" })
            #expect((seen["small_first_content"] as? String)?.contains("Body of small number 4") == true)
            #expect(seen["small_unread_after"] as? Int == Library.smallCount - 2)
            let states = seen["small_states"] as? [[Any]] ?? []
            #expect(states.count == Library.smallCount)
            #expect(states.prefix(3).map { [$0[1] as? Bool, $0[2] as? Bool] } == [[true, false], [true, false], [false, true]])
            #expect(seen["by_short_id"] as? Bool == true)
            #expect(seen["big_unread_after_mark_all"] as? Int == 0)
            let articles = try await Library.articles(server.database)
            #expect(articles.filter { !$0.isRead }.map(\.title).sorted() == ["small-0", "small-1", "small-2"])
            #expect(articles.filter(\.isStarred).map(\.title) == ["small-2"])
            #expect(await server.stop() == 0)
        }

        @Test("libgreader files feeds under labels, renames them, marks a label read, and quickadds a web page's feed")
        func googleReaderLabels() async throws {
            // A web page declaring one feed, served over HTTP: feeds added through the API are fetched only from
            // where the server's policy allows (here the loopback address the test allows).
            let pages = try LoopbackFeedServer { request in
                switch request.path {
                case "/page.html":
                    .init(status: 200, headers: ["Content-Type": "text/html"], body: Data("""
                        <html><head><title>A page</title>
                        <link rel="alternate" type="application/rss+xml" title="Third" href="third.xml">
                        </head><body>Hello</body></html>
                        """.utf8))
                case "/third.xml":
                    .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text("third", items: 3).utf8))
                default: .init(status: 404)
                }
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"], prepare: Library.prepare)
            let seen = try await Self.python(
                "greader_labels.py", [server.baseURL, ServeProcess.user, ServeProcess.password, pages.url("page.html")],
                directory: server.directory)
            let (big, small) = (Library.bigCount, Library.smallCount)
            #expect(seen["after_edit"] as? NSArray == [["Small renamed", ["news"], small], ["big", ["daily"], big]] as NSArray)
            #expect(seen["tags"] as? [String] == ["user/-/label/daily", "user/-/label/news", "user/-/state/com.google/starred"])
            #expect(seen["after_mark_label"] as? NSArray == [["Small renamed", ["news"], 0], ["big", ["daily"], big]] as NSArray)
            let quickadd = seen["quickadd"] as? [Any] ?? []
            #expect(quickadd.first as? Int == 1 && quickadd.last as? Bool == true)
            #expect(seen["quickadd_nothing"] as? Int == 0)
            #expect(seen["at_end"] as? NSArray == [["big", ["everyday"], big], ["small", [], 0], ["third", [], 3]] as NSArray)
            let sources = try await Library.sources(server.database)
            #expect(sources.map { [$0.title] + $0.tags } == [["big", "everyday"], ["small"], ["third"]])
            #expect(sources.last?.url.lastPathComponent == "third.xml")
            #expect(await server.stop() == 0)
        }

        /// Runs a client script and returns the JSON object it printed.
        static func python(_ script: String, _ arguments: [String], directory: URL) async throws -> [String: Any] {
            let outcome = try await ClientScript.run(script, arguments, in: directory)
            #expect(outcome.status == 0, "\(script): \(outcome.stderr)")
            let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return object as? [String: Any] ?? [:]
        }
    }
}
