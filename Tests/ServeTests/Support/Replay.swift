import Foundation
import Testing

/// A replay of a reader app's sync (`Clients/replay/APP.py`, written from the app's public source): one device
/// of the app, its local database in `state`, signed in at the address a user would type.
struct Replay {
    /// What the app holds after a command.
    struct Outcome: Decodable {
        struct Feed: Decodable {
            let id: String
            let title: String
            let url: String?
        }
        struct Item: Decodable {
            let id: String
            let title: String
            let read: Bool
            let starred: Bool
        }
        struct Exchange: Decodable {
            let method: String
            let path: String
            let status: Int?
        }
        let feeds: [Feed]?
        let items: [Item]?
        let requests: [Exchange]
        let error: String?

        /// The item titled `title`.
        func item(_ title: String) -> Item? { items?.first { $0.title == title } }
        /// The feed titled `title`.
        func feed(_ title: String) -> Feed? { feeds?.first { $0.title == title } }
    }

    let app: String
    let state: URL
    let base: String

    /// Runs `command` and returns what the app holds; a failure of the app (an answer it would not take) is
    /// recorded with its reason.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = [], in directory: URL) async throws -> Outcome {
        let outcome = try await ClientScript.run(
            "replay/\(app).py", [state.path, base, ServeProcess.user, ServeProcess.password, command] + arguments,
            in: directory)
        #expect(outcome.status == 0, "\(app) \(command): \(outcome.stderr)")
        return try JSONDecoder().decode(Outcome.self, from: Data(outcome.stdout.utf8))
    }
}
