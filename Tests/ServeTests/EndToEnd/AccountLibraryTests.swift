import Foundation
import LoopbackServers
import NIOHTTP1
import RssCore
import Testing

@testable import ServeCore
@testable import ServeFront

extension ServeEndToEnd {
    /// Accounts with libraries of their own on one server: Alice reads the main library, Bob one of his own,
    /// and they follow some of the same feeds. Through every API family Bob can read, count, mark, search or
    /// learn nothing of Alice's library: every request naming her sources, articles, tags and numbers gets the
    /// answer it got before they existed. What each adds and fetches goes under the account's own policy.
    @Suite("Accounts and their libraries", .timeLimit(.minutes(10)))
    struct AccountLibraryTests {
        static let bob = (name: "bob", password: "bob's own password")

        /// One request of the battery, as Bob sends it.
        struct Probe: Sendable {
            let name: String
            let method: HTTPMethod
            let path: String
            var form: String? = nil
            var json: String? = nil
        }

        @Test("no account reaches another's library through any API, by any number or name")
        func isolation() async throws {
            let feeds = try LoopbackFeedServer { request in
                let name = String(request.path.dropFirst().prefix { $0 != "." })
                if request.path.hasPrefix("/page/") {
                    return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(Self.page.utf8))
                }
                let count = name == "bob" ? 3 : name == "shared" ? 4 : 8
                return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(Self.feed(name, items: count).utf8))
            }
            // No server-wide --allow-private: Alice's own networks let her reach the loopback feeds, Bob has none.
            let server = try await ServeProcess()
            let alice = try await ServeProcess.run(
                ["user", "set", ServeProcess.user, "--allow-private", "127.0.0.1/32", "--fever", "--accounts", server.accounts],
                input: ServeProcess.password + "\n", directory: server.directory)
            #expect(alice.status == 0 && alice.stderr.contains("reads the main library"), "\(alice.stderr)")
            let bob = try await ServeProcess.run(
                ["user", "set", Self.bob.name, "--fever", "--accounts", server.accounts], input: Self.bob.password + "\n",
                directory: server.directory)
            #expect(bob.status == 0 && bob.stderr.contains("libraries/bob.sqlite"), "\(bob.stderr)")
            // The owner fills Bob's library from the terminal, by his account's name, under the owner's policy.
            let report = try await ServeProcess.run(
                ["--user", Self.bob.name, "--accounts", server.accounts, "--url", feeds.url("shared.xml"), feeds.url("bob.xml")],
                executable: ServeProcess.reportExecutable, directory: server.directory)
            #expect(report.status == 0, "\(report.stderr)")

            try await HTTP.with(server.baseURL) { http async throws in
                let bobAuth = try await Credentials(http, name: Self.bob.name, password: Self.bob.password)
                let aliceAuth = try await Credentials(http, name: ServeProcess.user, password: ServeProcess.password)
                // Bob's numbers: feeds 1 and 2, articles 1 to 7, no tag. Alice's will be all of these and more.
                let bobIDs = try JSONSerialization.jsonObject(
                    with: Data(try await http.send(.GET, "/v1/entries/ids", headers: bobAuth.basic).body.utf8)) as? [String: Any]
                #expect(bobIDs?["entry_ids"] as? [Int] == [7, 6, 5, 4, 3, 2, 1], "\(String(describing: bobIDs))")
                let probes = Self.probes(feeds: Array(3...9), articles: Array(8...60), tags: ["t1", "t2", "t3"], numbers: Array(1...6))
                    + Self.randomProbes(count: 150, seed: 0x5eed)
                let before = try await Self.answers(to: probes, http: http, credentials: bobAuth)

                // Alice follows seven feeds (two of them Bob's too), files them under tags, reads and stars.
                for name in ["shared", "bob", "a1", "a2", "a3", "a4", "a5"] {
                    let added = try await http.send(
                        .POST, "/reader/api/0/subscription/quickadd", headers: aliceAuth.greader,
                        form: "quickadd=\(HTTP.encode(feeds.url("\(name).xml")))")
                    #expect(added.body.contains("\"numResults\":1"), "\(name): \(added.body)")
                }
                for (feed, tag) in [(3, "t1"), (4, "t2"), (5, "t3"), (6, "t1")] {
                    let edited = try await http.send(
                        .POST, "/reader/api/0/subscription/edit", headers: aliceAuth.greader,
                        form: "ac=edit&s=feed/\(feed)&a=user/-/label/\(tag)")
                    #expect(edited.status == 200, "\(edited.body)")
                }
                _ = try await http.send(.POST, "/reader/api/0/edit-tag", headers: aliceAuth.greader, form: "i=10&i=20&a=user/-/state/com.google/starred")
                _ = try await http.send(.POST, "/reader/api/0/edit-tag", headers: aliceAuth.greader, form: "i=11&i=30&a=user/-/state/com.google/read")
                let aliceBefore = try await Library.articles(server.database)
                #expect(aliceBefore.count == 4 + 3 + 5 * 8 && aliceBefore.filter(\.isStarred).count == 2)

                // Bob's every request gets what it got before any of Alice's numbers existed.
                let after = try await Self.answers(to: probes, http: http, credentials: bobAuth)
                for (probe, (was, now)) in zip(probes, zip(before, after)) {
                    #expect(was.status == now.status && was.body == now.body, "\(probe.name): \(was) then \(now)")
                }
                // And Alice's library is as she left it.
                let aliceAfter = try await Library.articles(server.database)
                #expect(aliceAfter.map(\.isRead) == aliceBefore.map(\.isRead))
                #expect(aliceAfter.map(\.isStarred) == aliceBefore.map(\.isStarred))
                #expect(try await Library.sources(server.database).count == 7)

                // Each sees only their own library: counts, lists, searches.
                let bobCounts = try JSONSerialization.jsonObject(
                    with: Data(try await http.send(.GET, "/v1/feeds/counters", headers: bobAuth.basic).body.utf8)) as? [String: [String: Int]]
                #expect(Set(bobCounts?["unreads"]?.keys ?? [:].keys) == ["1", "2"], "\(String(describing: bobCounts))")
                #expect(bobCounts?["unreads"]?.values.sorted() == [3, 4], "\(String(describing: bobCounts))")
                let search = try await http.send(.GET, "/v1/entries?search=a1", headers: bobAuth.basic).body
                #expect(search.contains(#""total":0"#), "\(search)")

                // What each adds, discovers and fetches goes under the account's own policy.
                let refused = try await http.send(
                    .POST, "/reader/api/0/subscription/quickadd", headers: bobAuth.greader,
                    form: "quickadd=\(HTTP.encode(feeds.url("a1.xml")))")
                #expect(refused.body.contains("loopback"), "\(refused.body)")
                let discovered = try await http.send(
                    .POST, "/v1/discover", headers: bobAuth.basic, body: Data(#"{"url":"\#(feeds.url("a1.xml"))"}"#.utf8))
                #expect(discovered.status == 400 && discovered.body.contains("loopback"), "\(discovered.body)")
                let bobPage = try await http.send(.GET, "/v1/entries/1/fetch-content", headers: bobAuth.basic)
                #expect(bobPage.status == 400 && bobPage.body.contains("loopback"), "\(bobPage.body)")
                let alicePage = try await http.send(.GET, "/v1/entries/1/fetch-content", headers: aliceAuth.basic)
                #expect(alicePage.status == 200, "\(alicePage.body)")
            }

            // The owner sees both libraries, each with its own size and sources.
            let list = try await ServeProcess.run(
                ["user", "list", "--db", server.database, "--accounts", server.accounts], directory: server.directory)
            let lines = list.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(lines.count == 2 && lines[0][1] == "main" && lines[0][3] == "7 sources", "\(list.stdout)")
            #expect(lines[1][1].hasSuffix("libraries/bob.sqlite") && lines[1][3] == "2 sources", "\(list.stdout)")
            #expect(lines.allSatisfy { $0[4] != "never" && $0[5] == "fever" }, "\(list.stdout)")
            // One library copied while the server runs.
            let copy = server.directory.appendingPathComponent("bob-copy.sqlite").path
            let backup = try await ServeProcess.run(["library", "backup", Self.bob.name, copy, "--accounts", server.accounts], directory: server.directory)
            #expect(backup.status == 0, "\(backup.stderr)")
            #expect(try await Library.sources(copy).map(\.title).sorted() == ["bob", "shared"])
            #expect(await server.stop() == 0)
        }

        /// Each account's credentials for the four families.
        struct Credentials {
            let greader: [String: String]
            let basic: [String: String]
            let feverKey: String

            init(_ http: HTTP, name: String, password: String) async throws {
                greader = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login(name, password)))"]
                basic = ["Authorization": HTTP.basic(name, password)]
                feverKey = FeverKey.key(name: name, password: password)
            }
        }

        /// Every request of `probes`, as Bob sends it: each answer's status and body, with the times that move
        /// by themselves (Fever's `last_refreshed_on_time`, a stream's `updated`) made constant.
        static func answers(to probes: [Probe], http: HTTP, credentials: Credentials) async throws -> [(status: Int, body: String)] {
            var answers: [(status: Int, body: String)] = []
            for probe in probes {
                let answer: HTTP.Answer
                if probe.path.hasPrefix("/fever/") {
                    answer = try await http.send(.POST, probe.path, form: "api_key=\(credentials.feverKey)&" + (probe.form ?? ""))
                } else {
                    let headers = probe.path.hasPrefix("/reader/") ? credentials.greader : credentials.basic
                    answer = try await http.send(probe.method, probe.path, headers: headers, form: probe.form, body: probe.json.map { Data($0.utf8) })
                }
                answers.append((answer.status, Self.steady(answer.body)))
            }
            return answers
        }

        /// `body` with the times that change from one answer to the next replaced.
        static func steady(_ body: String) -> String {
            body.replacingOccurrences(of: #""(last_refreshed_on_time|updated)":\s*[0-9]+"#, with: #""$1":0"#, options: .regularExpression)
                .replacingOccurrences(of: #"<updated>[^<]*</updated>"#, with: "<updated/>", options: .regularExpression)
        }

        /// The requests of every family that name a feed, an article, a tag or another number.
        static func probes(feeds: [Int], articles: [Int], tags: [String], numbers: [Int]) -> [Probe] {
            var probes: [Probe] = []
            for feed in feeds {
                probes += [
                    Probe(name: "greader stream feed \(feed)", method: .GET, path: "/reader/api/0/stream/contents/feed/\(feed)"),
                    Probe(name: "greader ids feed \(feed)", method: .GET, path: "/reader/api/0/stream/items/ids?s=feed/\(feed)"),
                    Probe(name: "greader atom feed \(feed)", method: .GET, path: "/reader/atom/feed/\(feed)"),
                    Probe(name: "greader mark feed \(feed)", method: .POST, path: "/reader/api/0/mark-all-as-read", form: "s=feed/\(feed)"),
                    Probe(name: "greader edit feed \(feed)", method: .POST, path: "/reader/api/0/subscription/edit", form: "ac=edit&s=feed/\(feed)&t=x"),
                    Probe(name: "greader unsubscribe \(feed)", method: .POST, path: "/reader/api/0/subscription/edit", form: "ac=unsubscribe&s=feed/\(feed)"),
                    Probe(name: "miniflux feed \(feed)", method: .GET, path: "/v1/feeds/\(feed)"),
                    Probe(name: "miniflux feed entries \(feed)", method: .GET, path: "/v1/feeds/\(feed)/entries"),
                    Probe(name: "miniflux feed entry \(feed)", method: .GET, path: "/v1/feeds/\(feed)/entries/\(feed * 7)"),
                    Probe(name: "miniflux icon \(feed)", method: .GET, path: "/v1/feeds/\(feed)/icon"),
                    Probe(name: "miniflux entries of \(feed)", method: .GET, path: "/v1/entries?feed_id=\(feed)"),
                    Probe(name: "miniflux mark feed \(feed)", method: .PUT, path: "/v1/feeds/\(feed)/mark-all-as-read"),
                    Probe(name: "miniflux refresh \(feed)", method: .PUT, path: "/v1/feeds/\(feed)/refresh"),
                    Probe(name: "miniflux update \(feed)", method: .PUT, path: "/v1/feeds/\(feed)", json: #"{"title":"x"}"#),
                    Probe(name: "miniflux delete \(feed)", method: .DELETE, path: "/v1/feeds/\(feed)"),
                    Probe(name: "nextcloud items of \(feed)", method: .GET, path: "/index.php/apps/news/api/v1-3/items?type=0&id=\(feed)"),
                    Probe(name: "nextcloud mark feed \(feed)", method: .PUT, path: "/index.php/apps/news/api/v1-2/feeds/\(feed)/read", json: #"{"newestItemId":999}"#),
                    Probe(name: "nextcloud rename \(feed)", method: .PUT, path: "/index.php/apps/news/api/v1-2/feeds/\(feed)/rename", json: #"{"feedTitle":"x"}"#),
                    Probe(name: "nextcloud move \(feed)", method: .PUT, path: "/index.php/apps/news/api/v1-2/feeds/\(feed)/move", json: #"{"folderId":null}"#),
                    Probe(name: "nextcloud delete \(feed)", method: .DELETE, path: "/index.php/apps/news/api/v1-2/feeds/\(feed)"),
                    Probe(name: "nextcloud star by guid \(feed)", method: .PUT, path: "/index.php/apps/news/api/v1-2/items/\(feed)/a1-3/star"),
                    Probe(name: "nextcloud update \(feed)", method: .GET, path: "/index.php/apps/news/api/v1-2/feeds/update?feedId=\(feed)"),
                    Probe(name: "fever items of \(feed)", method: .POST, path: "/fever/?api&items&feed_ids=\(feed)"),
                    Probe(name: "fever mark feed \(feed)", method: .POST, path: "/fever/?api", form: "mark=feed&as=read&id=\(feed)&before=9999999999"),
                ]
            }
            for article in articles {
                probes += [
                    Probe(name: "greader contents \(article)", method: .POST, path: "/reader/api/0/stream/items/contents", form: "i=\(article)"),
                    Probe(name: "greader star \(article)", method: .POST, path: "/reader/api/0/edit-tag", form: "i=\(article)&a=user/-/state/com.google/starred"),
                    Probe(name: "greader read \(article)", method: .POST, path: "/reader/api/0/edit-tag", form: "i=\(article)&a=user/-/state/com.google/read"),
                    Probe(name: "miniflux entry \(article)", method: .GET, path: "/v1/entries/\(article)"),
                    Probe(name: "miniflux status \(article)", method: .PUT, path: "/v1/entries", json: #"{"entry_ids":[\#(article)],"status":"read","starred":true}"#),
                    Probe(name: "miniflux bookmark \(article)", method: .PUT, path: "/v1/entries/\(article)/bookmark"),
                    Probe(name: "miniflux fetch-content \(article)", method: .GET, path: "/v1/entries/\(article)/fetch-content"),
                    Probe(name: "nextcloud read \(article)", method: .PUT, path: "/index.php/apps/news/api/v1-3/items/\(article)/read"),
                    Probe(name: "nextcloud star \(article)", method: .PUT, path: "/index.php/apps/news/api/v1-3/items/\(article)/star"),
                    Probe(name: "nextcloud multiple \(article)", method: .POST, path: "/index.php/apps/news/api/v1-3/items/unread/multiple", json: #"{"itemIds":[\#(article)]}"#),
                    Probe(name: "fever item \(article)", method: .POST, path: "/fever/?api&items&with_ids=\(article)"),
                    Probe(name: "fever read \(article)", method: .POST, path: "/fever/?api", form: "mark=item&as=read&id=\(article)"),
                    Probe(name: "fever save \(article)", method: .POST, path: "/fever/?api", form: "mark=item&as=saved&id=\(article)"),
                ]
            }
            for tag in tags {
                probes += [
                    Probe(name: "greader label \(tag)", method: .GET, path: "/reader/api/0/stream/contents/user/-/label/\(tag)"),
                    Probe(name: "greader mark label \(tag)", method: .POST, path: "/reader/api/0/mark-all-as-read", form: "s=user/-/label/\(tag)"),
                    Probe(name: "greader rename \(tag)", method: .POST, path: "/reader/api/0/rename-tag", form: "s=user/-/label/\(tag)&dest=user/-/label/y"),
                    Probe(name: "greader disable \(tag)", method: .POST, path: "/reader/api/0/disable-tag", form: "s=user/-/label/\(tag)"),
                    Probe(name: "greader ids of \(tag)", method: .GET, path: "/reader/api/0/stream/items/ids?s=user/-/label/\(tag)"),
                ]
            }
            for number in numbers {
                probes += [
                    Probe(name: "miniflux category \(number + 1)", method: .GET, path: "/v1/categories/\(number + 1)/feeds"),
                    Probe(name: "miniflux category entries \(number + 1)", method: .GET, path: "/v1/categories/\(number + 1)/entries"),
                    Probe(name: "miniflux entries of category \(number + 1)", method: .GET, path: "/v1/entries?category_id=\(number + 1)"),
                    Probe(name: "miniflux mark category \(number + 1)", method: .PUT, path: "/v1/categories/\(number + 1)/mark-all-as-read"),
                    Probe(name: "miniflux rename category \(number + 1)", method: .PUT, path: "/v1/categories/\(number + 1)", json: #"{"title":"z"}"#),
                    Probe(name: "miniflux delete category \(number + 1)", method: .DELETE, path: "/v1/categories/\(number + 1)"),
                    Probe(name: "nextcloud folder items \(number)", method: .GET, path: "/index.php/apps/news/api/v1-3/items?type=1&id=\(number)"),
                    Probe(name: "nextcloud folder read \(number)", method: .PUT, path: "/index.php/apps/news/api/v1-2/folders/\(number)/read", json: #"{"newestItemId":999}"#),
                    Probe(name: "nextcloud folder rename \(number)", method: .PUT, path: "/index.php/apps/news/api/v1-2/folders/\(number)", json: #"{"name":"z"}"#),
                    Probe(name: "nextcloud folder delete \(number)", method: .DELETE, path: "/index.php/apps/news/api/v1-2/folders/\(number)"),
                    Probe(name: "fever group items \(number)", method: .POST, path: "/fever/?api&items&group_ids=\(number)"),
                    Probe(name: "fever mark group \(number)", method: .POST, path: "/fever/?api", form: "mark=group&as=read&id=\(number)&before=9999999999"),
                ]
            }
            return probes
        }

        /// Requests drawn at random from the same battery, with numbers anywhere from Bob's to far past Alice's:
        /// a property, not a list (seeded, so that a failure is found again).
        static func randomProbes(count: Int, seed: UInt64) -> [Probe] {
            var state = seed
            func next(_ bound: Int) -> Int {
                // SplitMix64.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return Int((z ^ (z >> 31)) % UInt64(bound))
            }
            return (0..<count).compactMap { _ in
                // Numbers Bob has none of (his feeds are 1 and 2, his articles 1 to 7, his one category 1), up to
                // far past Alice's.
                let number = [8 + next(20), 8 + next(2_000), 1 << (10 + next(21))][next(3)]
                let all = probes(feeds: [number], articles: [number], tags: ["t\(next(6))"], numbers: [number])
                return all[next(all.count)]
            }
        }

        static func feed(_ name: String, items: Int) -> String {
            // Links relative to the feed: to its server, whatever port it has.
            var text = #"<?xml version="1.0"?><rss version="2.0"><channel><title>\#(name)</title><link>/</link>"#
            for index in 0..<items {
                text += "<item><title>\(name)-\(index)</title><guid>\(name)-\(index)</guid><link>/page/\(name)-\(index).html</link>"
                text += "<description>Body of \(name) \(index)</description></item>"
            }
            return text + "</channel></rss>"
        }

        static let page = """
            <html><head><title>A page</title></head><body><article><h1>A page</h1>
            <p>\(String(repeating: "The article's own text, long enough to be taken for one. ", count: 20))</p>
            <p>\(String(repeating: "A second paragraph, as articles have, with commas, and more words. ", count: 15))</p>
            </article></body></html>
            """
    }
}
