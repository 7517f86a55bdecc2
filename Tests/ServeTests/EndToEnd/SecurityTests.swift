import Foundation
import Testing
import RssCore
import ReduxVM
import NIOHTTP1

extension ServeEndToEnd {
    /// What the server refuses: no credentials, a wrong password, a revoked token, a token of the other API,
    /// oversized bodies, stream ids that look like SQL, and a flood of bad logins, which is limited while the
    /// server goes on answering everyone else.
    @Suite("Security", .timeLimit(.minutes(5)))
    struct SecurityTests {
        static let protectedPaths = [
            "/reader/api/0/subscription/list", "/reader/api/0/token", "/reader/api/0/unread-count",
            "/reader/api/0/stream/contents/user/-/state/com.google/reading-list", "/reader/atom/user/-/state/com.google/starred",
            "/v1/me", "/v1/feeds", "/v1/entries", "/v1/feeds/counters", "/v1/categories", "/nowhere",
        ]

        @Test("every endpoint but ClientLogin answers 401 without credentials, with a wrong password or token")
        func unauthenticated() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                for path in Self.protectedPaths {
                    #expect(try await http.send(.GET, path).status == 401, "\(path)")
                    #expect(try await http.send(.GET, path, headers: ["Authorization": "GoogleLogin auth=made-up"]).status == 401, "\(path)")
                    #expect(try await http.send(.GET, path, headers: ["X-Auth-Token": "made-up"]).status == 401, "\(path)")
                }
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", form: "i=1&a=user/-/state/com.google/read").status == 401)
                #expect(try await http.send(.PUT, "/v1/entries", body: Data(#"{"entry_ids":[1],"status":"read"}"#.utf8)).status == 401)
                #expect(try await http.login(ServeProcess.user, "wrong password") == nil)
                #expect(try await http.login("nobody", ServeProcess.password) == nil)
                #expect(try await http.send(.GET, "/v1/me", headers: ["Authorization": HTTP.basic(ServeProcess.user, "nope")]).status == 401)
                #expect(try await http.send(.GET, "/v1/me", headers: ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]).status == 200)
                // A browser's preflight is answered before credentials, the same for every path (FreshRSS and
                // Miniflux answer it so), and the APIs' answers, refusals included, may be read by a page.
                for path in Self.protectedPaths + ["/accounts/ClientLogin", "/fever/"] {
                    let preflight = try await http.send(.OPTIONS, path, headers: ["Origin": "https://reader.example", "Access-Control-Request-Method": "POST"])
                    #expect(preflight.status == 204, "\(path)")
                    #expect(preflight.header("Access-Control-Allow-Origin") == "*")
                    #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Authorization") == true)
                    #expect(preflight.body.isEmpty)
                }
                #expect(try await http.send(.GET, "/v1/me").header("Access-Control-Allow-Origin") == "*")
                #expect(try await http.send(.GET, "/v1/me", headers: ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]).header("Access-Control-Allow-Origin") == "*")
                #expect(try await http.send(.GET, "/nowhere").header("Access-Control-Allow-Origin") == nil)
            }
            // Nothing was marked by the refused requests.
            #expect(try await Library.articles(server.database).allSatisfy { !$0.isRead })
            #expect(await server.stop() == 0)
        }

        @Test("a token works only for its own API, and not once revoked")
        func tokens() async throws {
            let server = try await ServeProcess()
            let made = try await ServeProcess.run(["token", "create", ServeProcess.user, "--accounts", server.accounts], directory: server.directory)
            let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(made.status == 0 && token.count == 43)
            try await HTTP.with(server.baseURL) { http async throws in
                let session = try #require(try await http.login())
                #expect(try await http.send(.GET, "/v1/me", headers: ["X-Auth-Token": token]).status == 200)
                #expect(try await http.send(.GET, "/reader/api/0/user-info", headers: ["Authorization": "GoogleLogin auth=\(session)"]).status == 200)
                // Each kind where the other belongs.
                #expect(try await http.send(.GET, "/reader/api/0/user-info", headers: ["Authorization": "GoogleLogin auth=\(token)"]).status == 401)
                #expect(try await http.send(.GET, "/v1/me", headers: ["X-Auth-Token": session]).status == 401)
                // Listed without the secret, revoked by id: refused from the next request on.
                let listed = try await ServeProcess.run(["token", "list", "--accounts", server.accounts], directory: server.directory)
                #expect(!listed.stdout.contains(token) && !listed.stdout.contains(session))
                let id = try #require(listed.stdout.split(separator: "\n").first { $0.contains("miniflux") }?.split(separator: "\t").first)
                let revoked = try await ServeProcess.run(["token", "revoke", String(id), "--accounts", server.accounts], directory: server.directory)
                #expect(revoked.status == 0, "\(revoked.stderr)")
                #expect(try await http.send(.GET, "/v1/me", headers: ["X-Auth-Token": token]).status == 401)
                #expect(try await http.send(.GET, "/reader/api/0/user-info", headers: ["Authorization": "GoogleLogin auth=\(session)"]).status == 200)
            }
            // The file is the owner's alone and holds hashes only.
            let attributes = try FileManager.default.attributesOfItem(atPath: server.accounts)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let file = try String(contentsOfFile: server.accounts, encoding: .utf8)
            #expect(!file.contains(ServeProcess.password) && !file.contains(token))
            #expect(file.contains("$2b$") || file.contains("$2y$") || file.contains("$2a$"))
            #expect(await server.stop() == 0)
        }

        @Test("oversized bodies, too many ids and SQL-looking stream ids are refused; the database is intact")
        func hostileInput() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let basic = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                let huge = String(repeating: "i=1&", count: 300_000)
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", headers: auth, form: huge).status == 413)
                let hugeJSON = Data(("{\"entry_ids\":[" + Array(repeating: "1", count: 600_000).joined(separator: ",") + "],\"status\":\"read\"}").utf8)
                #expect(try await http.send(.PUT, "/v1/entries", headers: basic, body: hugeJSON).status == 413)
                for stream in [
                    "feed/x' OR 1=1 --", "user/-/label/'; DROP TABLE article; --", "'; DELETE FROM article; --",
                    "user/-/state/com.google/read' OR '1'='1", "feed/", "user//label/x",
                ] {
                    let encoded = HTTP.encode(stream)
                    let contents = try await http.send(.GET, "/reader/api/0/stream/contents/\(encoded)", headers: auth)
                    #expect([200, 400].contains(contents.status), "\(stream)")
                    if contents.status == 200 { #expect(contents.body.contains("\"items\":[]"), "\(stream)") }
                    let marked = try await http.send(.POST, "/reader/api/0/mark-all-as-read", headers: auth, form: "s=\(encoded)")
                    #expect([400, 404].contains(marked.status) || marked.body == "OK", "\(stream)")
                }
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", headers: auth, form: "i=1%20OR%201%3D1&a=user/-/state/com.google/read").status == 400)
                #expect(try await http.send(.GET, "/v1/entries/1%20OR%201=1", headers: basic).status == 400)
                // A continuation this server did not make reads from the start, as FreshRSS does; the feed is none.
                let made = try await http.send(.GET, "/reader/api/0/stream/contents/feed%2Fx?c=%27%3B%20DROP", headers: auth)
                #expect(made.status == 200 && made.body.contains("\"items\":[]"))
            }
            let articles = try await Library.articles(server.database)
            #expect(articles.count == Library.bigCount + Library.smallCount)
            #expect(articles.allSatisfy { !$0.isRead })
            #expect(await server.stop() == 0)
        }

        @Test("10,000 bad logins are limited, while other clients and addresses are still served")
        func loginFlood() async throws {
            let server = try await ServeProcess()
            let port = try #require(Int(server.baseURL.split(separator: ":").last ?? ""))
            let statuses = try await HTTP.with(server.baseURL) { http async throws in
                let session = try #require(try await http.login())
                let counts = try await withThrowingTaskGroup(of: [Int: Int].self) { group in
                    for worker in 0..<20 {
                        group.addTask {
                            var counts: [Int: Int] = [:]
                            for attempt in 0..<500 {
                                let answer = try await http.send(.POST, "/accounts/ClientLogin", form: "Email=alice&Passwd=guess-\(worker)-\(attempt)")
                                counts[answer.status, default: 0] += 1
                            }
                            return counts
                        }
                    }
                    // Meanwhile a signed-in client is served, and another address can still sign in.
                    let reads = try await http.send(.GET, "/reader/api/0/subscription/list", headers: ["Authorization": "GoogleLogin auth=\(session)"])
                    #expect(reads.status == 200)
                    let form = "Email=alice&Passwd=\(HTTP.encode(ServeProcess.password))"
                    let other = try RawRequest.status(
                        from: "127.0.0.2", to: port,
                        request: "POST /accounts/ClientLogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\nConnection: close\r\n\r\n\(form)")
                    #expect(other == 200)
                    var total: [Int: Int] = [:]
                    for try await counts in group { total.merge(counts, uniquingKeysWith: +) }
                    return total
                }
                // The right password from the flooded address is refused too until the window passes.
                #expect(try await http.login() == nil)
                return counts
            }
            #expect(statuses.values.reduce(0, +) == 10_000)
            #expect((statuses[401] ?? 0) <= 10)
            #expect((statuses[429] ?? 0) >= 9_990)
            #expect(await server.stop() == 0)
        }

        @Test("the log holds no password, token or auth header")
        func logHasNoSecrets() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let made = try await ServeProcess.run(["token", "create", ServeProcess.user, "--accounts", server.accounts], directory: server.directory)
            let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let session = try await HTTP.with(server.baseURL) { http async throws in
                let session = try #require(try await http.login())
                _ = try await http.send(.GET, "/accounts/ClientLogin?Email=alice&Passwd=\(HTTP.encode(ServeProcess.password))")
                _ = try await http.send(.GET, "/v1/me", headers: ["X-Auth-Token": token])
                _ = try await http.send(.GET, "/v1/me", headers: ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)])
                _ = try await http.send(.GET, "/reader/api/0/token?T=\(session)", headers: ["Authorization": "GoogleLogin auth=\(session)"])
                return session
            }
            #expect(await server.stop() == 0)
            let log = try String(contentsOfFile: server.logFile, encoding: .utf8)
            #expect(log.contains("/v1/me 200"))
            for secret in [ServeProcess.password, HTTP.encode(ServeProcess.password), token, session, "GoogleLogin"] {
                #expect(!log.contains(secret), "the log holds \(secret)")
            }
            #expect(!server.standardError.contains(ServeProcess.password))
        }
    }
}
