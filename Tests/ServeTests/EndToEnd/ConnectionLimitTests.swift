import Foundation
import Testing
import NIOHTTP1
import RssCore

extension ServeEndToEnd {
    /// Clients that connect and then send slowly, too much or nothing (`Clients/slow_clients.py`, raw sockets):
    /// each connection has a time for its request's head, its body and its idleness; beyond the connection cap
    /// a connection is closed at once; a body declared over the cap is refused before it is read; and a
    /// normal client is served as usual while 2,000 connections hold half a head.
    @Suite("Connection limits", .timeLimit(.minutes(5)))
    struct ConnectionLimitTests {
        static func slow(_ server: ServeProcess, _ arguments: [String]) async throws -> [String: Any] {
            let port = String(server.baseURL.split(separator: ":").last ?? "")
            return try await PythonClientTests.python(
                "slow_clients.py", [arguments[0], "127.0.0.1", port] + arguments.dropFirst(), directory: server.directory)
        }

        @Test("2,000 connections holding half a head: a normal client is served meanwhile, and the head timeout closes them")
        func halfHeads() async throws {
            let server = try await ServeProcess(arguments: ["--head-timeout", "20"])
            let seen = try await Self.slow(server, ["slowloris", "2000", ServeProcess.user, ServeProcess.password])
            #expect(seen["opened"] as? Int == 2_000, "\(seen)")
            #expect(seen["open_after_half_a_second"] as? Int ?? 0 > 1_900, "\(seen)")
            #expect(seen["normal_status"] as? Int == 200, "\(seen)")
            // Served within a client's usual time (apps give a request 10 to 60 s), not behind the slow ones.
            #expect((seen["normal_ms"] as? Double ?? .infinity) < 10_000, "\(seen)")
            #expect(seen["still_open_after_timeout"] as? Int == 0, "\(seen)")
            #expect(await server.stop() == 0)
        }

        @Test("a body declared over the cap is refused with 413 before it is read, and the connection closed")
        func declaredBody() async throws {
            let server = try await ServeProcess()
            let seen = try await Self.slow(server, ["declared-body"])
            #expect(seen["status"] as? Int == 413, "\(seen)")
            #expect((seen["answer_ms"] as? Double ?? .infinity) < 10_000, "\(seen)")
            #expect(seen["closed_within"] is Double, "\(seen)")
            #expect(await server.stop() == 0)
        }

        @Test("a body sent too slowly, and a kept-alive connection left idle, are closed after their times")
        func bodyAndIdle() async throws {
            let server = try await ServeProcess(arguments: ["--body-timeout", "2", "--idle-timeout", "2"])
            let body = try await Self.slow(server, ["body"])
            #expect((body["closed_within"] as? Double).map { $0 >= 1.5 && $0 < 30 } == true, "\(body)")
            let idle = try await Self.slow(server, ["idle"])
            #expect(idle["status"] as? Int == 401, "\(idle)")
            #expect((idle["closed_within"] as? Double).map { $0 >= 1.5 && $0 < 30 } == true, "\(idle)")
            #expect(await server.stop() == 0)
        }

        @Test("connections beyond the cap are closed at once; those within it stay")
        func cap() async throws {
            let server = try await ServeProcess(arguments: ["--max-connections", "50", "--head-timeout", "60"])
            let seen = try await Self.slow(server, ["cap", "80"])
            #expect(seen["closed_at_once"] as? Int == 30, "\(seen)")
            // Once they are gone, the server serves again.
            try await HTTP.with(server.baseURL) { http async throws in
                #expect(try await http.send(.GET, "/v1/me", headers: ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]).status == 200)
            }
            #expect(await server.stop() == 0)
        }
    }
}
