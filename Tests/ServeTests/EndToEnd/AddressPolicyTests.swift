#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import LoopbackServers
import Testing
import NIOHTTP1
@testable import RssCore
import ReduxVM

extension ServeEndToEnd {
    /// What a signed-in user can make the server fetch: feeds added through any API, their discovery and
    /// every redirect reach `http` and `https` on public addresses only (checked on the address connected
    /// to), unless the owner allows a network with `--allow-private`; a refusal says what kind it was and
    /// nothing of what lies behind. The policy stays with the source, whichever program fetches it.
    @Suite("Address policy", .timeLimit(.minutes(5)))
    struct AddressPolicyTests {
        struct Added: Decodable {
            let numResults: Int
            let error: String?
        }

        @Test("files, loopback, private, link-local and unspecified addresses are refused, and nothing is fetched there")
        func refusals() async throws {
            let local = try LoopbackFeedServer { _ in
                .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text("local", items: 2).utf8))
            }
            let server = try await ServeProcess(prepare: Library.prepare)
            let accounts = try String(contentsOfFile: server.accounts, encoding: .utf8)
            try accounts.write(toFile: server.directory.appendingPathComponent("feeds/accounts.json").path, atomically: true, encoding: .utf8)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let basic = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                let addresses = [
                    "file:///etc/passwd", server.directory.appendingPathComponent("feeds/small.xml").absoluteString,
                    server.directory.appendingPathComponent("feeds/accounts.json").absoluteString,
                    "http://127.0.0.1:1/", local.url("feed.xml"), "http://localhost:\(local.port)/feed.xml",
                    "http://[::1]:\(local.port)/", "http://0.0.0.0:\(local.port)/", "http://169.254.169.254/latest/meta-data/",
                    "http://10.0.0.1/feed", "http://192.168.1.1/", "http://[fd00::1]/", "http://[::ffff:127.0.0.1]:\(local.port)/",
                    "gopher://127.0.0.1/",
                ]
                for address in addresses {
                    let quick = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(address))")
                    let added = try JSONDecoder().decode(Added.self, from: Data(quick.body.utf8))
                    #expect(quick.status == 200 && added.numResults == 0, "\(address): \(quick.body)")
                    // The kind of failure, never what a fetch found there.
                    let error = added.error ?? ""
                    #expect(!error.isEmpty, "\(address)")
                    for leak in ["no such file", "connection refused", "JSON", "root:", "permission"] {
                        #expect(!error.contains(leak), "\(address): \(error)")
                    }
                    let created = try await http.send(.POST, "/v1/feeds", headers: basic, body: Data(#"{"feed_url":"\#(address)"}"#.utf8))
                    #expect(created.status == 400, "\(address): \(created.status) \(created.body)")
                    // (The owner's own small.xml is followed already: subscribing to it changes nothing.)
                    if !address.hasSuffix("small.xml") {
                        let subscribed = try await http.send(.POST, "/reader/api/0/subscription/edit", headers: auth, form: "ac=subscribe&s=feed/\(HTTP.encode(address))")
                        #expect(subscribed.status == 400, "\(address)")
                    }
                }
                let loopback = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(local.url("feed.xml")))")
                #expect(loopback.body.contains("loopback"), "\(loopback.body)")
            }
            // Nothing was added, and nothing reached the loopback server, by name or by address.
            #expect(try await Library.sources(server.database).count == 2)
            #expect(local.seen.isEmpty)
            #expect(await server.stop() == 0)
        }

        @Test("an allowed network is reached; a redirect out of it is refused on the address connected to, by every front")
        func allowedNetworkAndRedirects() async throws {
            let redirecting = Locked(false)
            let elsewhere = try LoopbackFeedServer { _ in .init(status: 200, body: Data("secret".utf8)) }
            let feeds = try LoopbackFeedServer { request in
                if request.path == "/hop" || redirecting.withLock({ $0 }) {
                    // To another loopback address, which the owner did not allow.
                    return .init(status: 302, headers: ["Location": "http://127.0.0.2:\(elsewhere.port)/secret"])
                }
                return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text("allowed", items: 3).utf8))
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"])
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let hop = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(feeds.url("hop")))")
                // The hop started in the allowed network: what went wrong there is the owner's to know.
                let refused = try JSONDecoder().decode(Added.self, from: Data(hop.body.utf8))
                #expect(refused.numResults == 0 && refused.error?.contains("private network") == true, "\(hop.body)")
                #expect(refused.error?.contains("loopback") == false, "\(hop.body)")
                let good = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(feeds.url("feed.xml")))")
                #expect(try JSONDecoder().decode(Added.self, from: Data(good.body.utf8)).numResults == 1, "\(good.body)")
            }
            let added = try #require(try await Library.sources(server.database).first)
            #expect(added.addressPolicy == .publicWeb(allowing: [IPNetwork("127.0.0.1/32")!]))
            // The feed now redirects out of the allowed network: rss-report, refreshing the source the server
            // added, applies its policy too.
            redirecting.withLock { $0 = true }
            let report = try await ServeProcess.run(
                ["--db", server.database, "--refresh", "--force"], executable: ServeProcess.reportExecutable,
                directory: server.directory)
            #expect(report.stdout.contains("loopback") || report.stderr.contains("loopback"), "\(report.stdout) \(report.stderr)")
            #expect(elsewhere.seen.isEmpty)
            let after = try #require(try await Library.sources(server.database).first)
            #expect(after.status.lastError == .privateNetwork(.addressNotAllowed(.loopback)))
            #expect(await server.stop() == 0)
        }

        @Test("unknown paths answer 401 without credentials and 404 with any kind of them; FreshRSS's base path signs in")
        func paths() async throws {
            let server = try await ServeProcess()
            let token = try await ServeProcess.run(["token", "create", ServeProcess.user, "--accounts", server.accounts], directory: server.directory)
            try await HTTP.with(server.baseURL) { http async throws in
                let session = try #require(try await http.login())
                #expect(try await http.send(.GET, "/nowhere").status == 401)
                for credentials in [
                    ["Authorization": "GoogleLogin auth=\(session)"], ["X-Auth-Token": token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)],
                    ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)],
                ] {
                    #expect(try await http.send(.GET, "/nowhere", headers: credentials).status == 404)
                    #expect(try await http.send(.GET, "/reader/api/0/nothing-here", headers: credentials).status == (credentials["Authorization"]?.hasPrefix("GoogleLogin") == true ? 404 : 401))
                }
                for base in ["/api/greader.php", "/p/api/greader.php", "/", "//"] {
                    let login = try await http.send(.POST, base + "/accounts/ClientLogin", form: "Email=\(ServeProcess.user)&Passwd=\(HTTP.encode(ServeProcess.password))")
                    #expect(login.status == 200 && login.body.contains("Auth=\(session)"), "\(base)")
                    let list = try await http.send(.GET, base + "/reader/api/0/subscription/list", headers: ["Authorization": "GoogleLogin auth=\(session)"])
                    #expect(list.status == 200, "\(base)")
                }
            }
            #expect(await server.stop() == 0)
        }

        /// A remote user could map the owner's network by what a failed add answers: a closed port, an open one
        /// that is no web server, a web page that is no feed, a missing page. In an allowed private network
        /// every failure gets the same words; the server's log and the owner's fronts have what happened.
        @Test("in an allowed private network, every failure to add a feed answers alike")
        func privateNetworkFailuresAlike() async throws {
            // A port nobody listens on: one that was listened on a moment ago.
            let closedPort = try LoopbackListener().port
            let silent = try LoopbackListener()
            silent.start { client in
                _ = "SSH-2.0-OpenSSH_9.2\r\n".withCString { write(client, $0, strlen($0)) }
                close(client)
            }
            let web = try LoopbackFeedServer { request in
                request.path == "/page"
                    ? .init(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body><p>no feed here</p></body></html>".utf8))
                    : .init(status: 404)
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"])
            var answers: [String] = []
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let basic = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                for address in [
                    "http://127.0.0.1:\(closedPort)/feed", "http://127.0.0.1:\(silent.port)/feed", web.url("page"), web.url("missing"),
                ] {
                    let quickadd = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(address))")
                    let added = try JSONDecoder().decode(Added.self, from: Data(quickadd.body.utf8))
                    #expect(added.numResults == 0, "\(address): \(quickadd.body)")
                    answers.append((added.error ?? "").replacingOccurrences(of: address, with: "ADDRESS"))
                    let discover = try await http.send(.POST, "/v1/discover", headers: basic, body: Data(#"{"url":"\#(address)"}"#.utf8))
                    answers.append("\(discover.status) " + discover.body.replacingOccurrences(of: address.replacingOccurrences(of: "/", with: "\\/"), with: "ADDRESS"))
                }
            }
            let quickadds = stride(from: 0, to: answers.count, by: 2).map { answers[$0] }
            let discoveries = stride(from: 1, to: answers.count, by: 2).map { answers[$0] }
            #expect(Set(quickadds).count == 1 && quickadds[0].contains("private network"), "\(quickadds)")
            #expect(Set(discoveries).count == 1, "\(discoveries)")
            // The owner's log says what each was.
            let log = try String(contentsOfFile: server.logFile, encoding: .utf8)
            #expect(log.contains("refused") || log.contains("connection"), "\(log.suffix(2_000))")
            #expect(await server.stop() == 0)
        }
    }
}
