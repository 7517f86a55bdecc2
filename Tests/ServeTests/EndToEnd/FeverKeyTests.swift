import Foundation
import NIOHTTP1
import ReduxVM
import RssCore
import Testing

@testable import ServeCore
@testable import ServeFront

extension ServeEndToEnd {
    /// Who gets in through Fever: only users the owner turned it on for, with their current password; a wrong
    /// key is answered as Fever answers it and counts against the address's sign-in limit.
    @Suite("Fever: keys", .timeLimit(.minutes(5)))
    struct FeverKeyTests {
        static let refusal = #"{"api_version":3,"auth":0}"#

        @Test(
            "a missing or wrong key, or a user without Fever, gets auth 0 with HTTP 200; wrong keys are limited per address"
        )
        func keys() async throws {
            let server = try await ServeProcess(prepare: FeverLibrary.prepare)
            let key = FeverLibrary.key
            let port = try #require(Int(server.baseURL.split(separator: ":").last ?? ""))
            func accounts(_ arguments: [String], input: String? = nil) async throws -> ServeProcess.Outcome {
                try await ServeProcess.run(
                    arguments + ["--accounts", server.accounts], input: input, directory: server.directory)
            }
            try await HTTP.with(server.baseURL) { http async throws in
                func ask(_ key: String) async throws -> HTTP.FeverAnswer {
                    try await http.fever(.POST, "/fever/?api&unread_item_ids", fields: [("api_key", key)])
                }
                // Fever is off until the owner turns it on.
                let off = try await ask(key)
                #expect(off.status == 200 && off.body == Self.refusal)
                try await FeverLibrary.turnOn(server)
                #expect(try await ask(key).json["auth"] as? Int == 1)
                // Unread's probe: no key, a GET, answered in JSON; probes are not attempts.
                for _ in 0..<15 {
                    let probe = try await http.fever(.GET, "/fever/?api")
                    #expect(probe.status == 200 && probe.body == Self.refusal)
                }
                #expect(try await ask(key).json["auth"] as? Int == 1)
                // A user whose Fever is off: their right key is refused.
                let bob = try await accounts(["user", "set", "bob"], input: "bob's password\n")
                #expect(bob.status == 0, "\(bob.stderr)")
                #expect(try await ask(FeverKey.key(name: "bob", password: "bob's password")).body == Self.refusal)
                // Turned off, alice is refused from the next request on; turning it on needs her password.
                #expect(try await accounts(["user", "fever", ServeProcess.user, "off"]).status == 0)
                #expect(try await ask(key).body == Self.refusal)
                let wrong = try await accounts(["user", "fever", ServeProcess.user, "on"], input: "not her password\n")
                #expect(wrong.status != 0 && wrong.stderr.contains("not alice's password"))
                #expect(try await ask(key).body == Self.refusal)
                let set = try await accounts(
                    ["user", "set", ServeProcess.user, "--fever"], input: ServeProcess.password + "\n")
                #expect(set.status == 0 && set.stderr.contains("Fever API on"), "\(set.stderr)")
                #expect(try await ask(key).json["auth"] as? Int == 1)
                let listed = try await accounts(["user", "list"])
                let rows = listed.stdout.split(separator: "\n").sorted().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
                #expect(rows.map { "\($0[0]) \($0[5])" } == ["alice fever", "bob "], "\(listed.stdout)")
                // A new password: the old key no longer opens anything, the new one does.
                #expect(try await accounts(["user", "set", ServeProcess.user], input: "a new password\n").status == 0)
                #expect(try await ask(key).body == Self.refusal)
                #expect(
                    try await ask(FeverKey.key(name: ServeProcess.user, password: "a new password")).json["auth"]
                        as? Int == 1)
                #expect(
                    try await accounts(["user", "set", ServeProcess.user], input: ServeProcess.password + "\n").status
                        == 0)
                #expect(try await ask(key).json["auth"] as? Int == 1)
                // Ten wrong keys in a row are answered as Fever answers; then the address waits, the right key too.
                for index in 0..<10 {
                    let answer = try await ask(String(format: "%032x", index))
                    #expect(answer.status == 200 && answer.body == Self.refusal)
                }
                let locked = try await ask(String(repeating: "f", count: 32))
                #expect(locked.status == 429 && locked.body == Self.refusal)
                #expect(Int(locked.headers.first { $0.0.lowercased() == "retry-after" }?.1 ?? "") ?? 0 > 0)
                #expect(try await ask(key).status == 429)
                // Another address is not affected.
                let form = "api_key=\(key)"
                let other = try RawRequest.status(
                    from: "127.0.0.2", to: port,
                    request:
                        "POST /fever/?api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\nConnection: close\r\n\r\n\(form)"
                )
                #expect(other == 200)
            }
            #expect(await server.stop() == 0)
            // Neither the key nor the password is in the accounts file or the log.
            let file = try String(contentsOfFile: server.accounts, encoding: .utf8)
            let log = try String(contentsOfFile: server.logFile, encoding: .utf8)
            #expect(log.contains("/fever/ 200"))
            for text in [file, log] {
                #expect(!text.contains(key) && !text.contains(ServeProcess.password))
            }
        }
    }
}
