import Foundation
import Testing

/// Debian's RSS Guard (a Qt reader), with one account on the server under test, driven headless under Xvfb by
/// `Clients/rssguard_driver.py` and read back from its own database.
struct RSSGuard {
    /// What RSS Guard holds after a run.
    struct Outcome: Decodable {
        struct Feed: Decodable {
            let title: String
        }
        struct Message: Decodable {
            let title: String
            let is_read: Int
            let starred: Bool
            let feed_title: String?
        }
        struct Exchange: Decodable {
            let method: String
            let url: String
            let status: Int?
        }
        let ok: Bool
        let error: String?
        let feeds: [Feed]
        let messages: [Message]
        let requests: [Exchange]?

        func message(_ title: String) -> Message? { messages.first { $0.title == title } }
    }

    let profile: URL
    let server: ServeProcess

    /// A profile with one account of `kind` (`greader-other`, `greader-freshrss`, `nextcloud`) on `server`.
    init(kind: String, server: ServeProcess) async throws {
        self.server = server
        profile = server.directory.appendingPathComponent("rssguard-\(kind)")
        let setup = try await ClientScript.run(
            "rssguard_driver.py", ["setup", profile.path, kind, server.baseURL, ServeProcess.user, ServeProcess.password],
            in: server.directory)
        #expect(setup.status == 0, "rssguard setup: \(setup.stderr)")
    }

    /// Starts RSS Guard, syncs, closes it.
    func sync() async throws -> Outcome {
        try await run(["sync", profile.path, "--timeout", "240"])
    }

    /// Stars (`star`) or marks read (`mark-read`) the article `title` in RSS Guard, as a user would.
    func mark(_ command: String, _ title: String) async throws -> Outcome {
        try await run([command, profile.path, title, "--timeout", "240"])
    }

    private func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> Outcome {
        let outcome = try await ClientScript.run("rssguard_driver.py", arguments, in: server.directory)
        #expect(outcome.status == 0, "rssguard \(arguments[0]): \(outcome.stderr.suffix(2_000))", sourceLocation: sourceLocation)
        do {
            return try JSONDecoder().decode(Outcome.self, from: Data(outcome.stdout.utf8))
        } catch {
            throw ServeProblem("rssguard_driver \(arguments[0]) printed no report: \(error); \(outcome.stderr.suffix(1_000))")
        }
    }
}
