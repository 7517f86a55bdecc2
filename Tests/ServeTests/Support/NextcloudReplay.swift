import Foundation
import Testing

/// `Clients/replay/nextcloud_client.py`: RSS Guard's Nextcloud News sync replayed (4.0.4's v1-2 sequence, or
/// 5.x's v1-3), one device per state directory, its answers checked against the strictest clients' parsers.
struct NextcloudReplay {
    enum API: String, CaseIterable, Sendable {
        case v12 = "v1-2"
        case v13 = "v1-3"
    }

    /// What the device holds after a command, as the script prints it.
    struct Library: Decodable {
        struct Folder: Decodable, Equatable {
            let id: Int
            let name: String
        }
        struct Feed: Decodable {
            let id: Int
            let title: String
            let url: String
            /// 0 for the root.
            let folder: Int
        }
        struct Item: Decodable {
            let id: Int
            let title: String
            let feed: Int
            let read: Bool
            let starred: Bool
        }
        struct Request: Decodable {
            let method: String
            let path: String
            /// The status; nil for an icon fetch that failed (the script records the failure as text).
            let status: Int?

            private enum CodingKeys: String, CodingKey { case method, path, status }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                method = try container.decode(String.self, forKey: .method)
                path = try container.decode(String.self, forKey: .path)
                status = try? container.decode(Int.self, forKey: .status)  // text: a failed icon fetch
            }
        }
        let folders: [Folder]
        let feeds: [Feed]
        let items: [Item]
        let requests: [Request]
        let error: String?

        /// The feed titled `title`.
        func feed(_ title: String) -> Feed? { feeds.first { $0.title == title } }
        /// The item titled `title`.
        func item(_ title: String) -> Item? { items.first { $0.title == title } }
        /// The titles of the items that are read, sorted.
        var read: [String] { items.filter(\.read).map(\.title).sorted() }
        /// The titles of the starred items, sorted.
        var starred: [String] { items.filter(\.starred).map(\.title).sorted() }
    }

    let server: ServeProcess
    let api: API
    /// This device's state directory.
    let device: URL

    init(server: ServeProcess, api: API, device name: String) throws {
        self.server = server
        self.api = api
        device = server.directory.appendingPathComponent("nextcloud-\(name)-\(api.rawValue)")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
    }

    /// Runs `command` and returns the library the device then holds; records an issue when the script fails
    /// (status 1: a refused request or an answer RSS Guard, newsboat, NewsFlash or Readrops would not read).
    @discardableResult
    func run(_ command: String, _ arguments: String..., expectingFailure: Bool = false,
             sourceLocation: SourceLocation = #_sourceLocation) async throws -> Library {
        let outcome = try await ClientScript.run(
            "replay/nextcloud_client.py",
            [device.path, server.baseURL, ServeProcess.user, ServeProcess.password, command] + arguments,
            in: server.directory, environment: ["NC_API": api.rawValue])
        if expectingFailure {
            #expect(outcome.status == 1, "\(command) should have failed: \(outcome.stdout.suffix(300))", sourceLocation: sourceLocation)
        } else {
            #expect(outcome.status == 0, "\(command) \(arguments): \(outcome.stderr)", sourceLocation: sourceLocation)
        }
        let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? "{}"
        do {
            return try JSONDecoder().decode(Library.self, from: Data(line.utf8))
        } catch {
            throw ServeProblem("nextcloud_client.py \(command): \(error); stdout \(outcome.stdout.prefix(300)); stderr \(outcome.stderr.prefix(300))")
        }
    }
}
