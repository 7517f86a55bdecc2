import Foundation
import ReduxVM
import RssCore

/// The Fever replay client (`Clients/replay/fever_client.py`, Unread's sequence checked with the strictest
/// open apps' parsers) run against a test server, one device per state directory.
struct FeverReplay {
    /// How a device talks to the server: the address typed, the method and the body's form.
    struct Transport {
        var path = "/fever/"
        var method = "POST"
        var body = "urlencoded"
    }

    let server: ServeProcess
    /// The device's own directory, which holds what it synced.
    let state: URL
    var transport = Transport()
    var password = ServeProcess.password

    init(_ server: ServeProcess, device: String, transport: Transport = Transport()) {
        self.server = server
        state = server.directory.appendingPathComponent("fever-\(device)")
        self.transport = transport
    }

    /// Runs a command (`sync`, `mark-read ID`…) and returns what the device holds after it; a command the client
    /// failed (exit status 1 or 2) throws its reason.
    @discardableResult
    func run(_ command: String...) async throws -> Device {
        let outcome = try await ClientScript.run(
            "replay/fever_client.py", [state.path, server.baseURL, ServeProcess.user, password] + command,
            in: server.directory,
            environment: ["FEVER_PATH": transport.path, "FEVER_METHOD": transport.method, "FEVER_BODY": transport.body])
        guard outcome.status == 0 else {
            throw ServeProblem(
                "fever_client \(command.joined(separator: " ")) exited \(outcome.status): \(outcome.stderr)")
        }
        let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return try JSONDecoder().decode(Device.self, from: Data(line.utf8))
    }

    /// Unix seconds of this device's last request for items, which it sends as `before` when it marks a feed.
    var lastItemsRequest: Int64 {
        get throws {
            let data = try Data(contentsOf: state.appendingPathComponent("fever-state.json"))
            return try JSONDecoder().decode(SavedState.self, from: data).last_items_request
        }
    }

    private struct SavedState: Decodable {
        let last_items_request: Int64
    }

    /// What the client printed: what the device holds and the requests it made.
    struct Device: Decodable {
        struct Group: Decodable, Equatable {
            let id: Int
            let title: String
        }

        struct Feed: Decodable {
            let id: Int
            let title: String
            let url: String
            let groups: [Int]
        }

        struct Item: Decodable {
            let id: Int64
            let title: String
            let feed: Int
            let read: Bool
            let starred: Bool
        }

        struct Request: Decodable {
            let method: String
            let path: String
            let status: Int?
        }

        let groups: [Group]
        let feeds: [Feed]
        let items: [Item]
        let requests: [Request]

        /// The item called `title`.
        func item(_ title: String) -> Item? { items.first { $0.title == title } }

        /// The feed called `title`.
        func feed(_ title: String) -> Feed? { feeds.first { $0.title == title } }
    }
}
