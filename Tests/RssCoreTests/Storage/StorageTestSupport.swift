import Foundation
import GRDB
@_spi(Benchmarks) @testable import RssCore

/// A temporary directory removed when the value goes away; each test gets its own database file.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "rsscore-storage-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A database file path inside the directory.
    var databasePath: String { path + "/feeds.sqlite" }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A database file in the directory at an older schema: every migration up to the one at `index` of
    /// ``FeedSchema/migrationIdentifiers``, as a program of that version left it, for the upgrade tests to fill.
    func database(migratedUpTo index: Int) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: SearchText.function) }
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        try FeedSchema.migrator.migrate(queue, upTo: FeedSchema.migrationIdentifiers[index])
        return queue
    }
}

/// Fixed dates so that sorting tests do not depend on the clock.
let referenceDate = Date(timeIntervalSince1970: 1_700_000_000)

func makeSource(_ name: String, order: Int = 0) -> StoredSource {
    StoredSource(url: "https://example.org/\(name).xml", title: name, addedAt: referenceDate, sortOrder: order)
}

func makeItem(_ stableID: String, title: String? = nil, minutesAgo: Double = 0, summary: String? = nil) -> FetchedItem {
    FetchedItem(
        stableID: stableID, title: title ?? "Title \(stableID)", link: "https://example.org/\(stableID)",
        publishedAt: referenceDate.addingTimeInterval(-60 * minutesAgo), summary: summary ?? "Summary of \(stableID)",
        contentHTML: "<p>Body of \(stableID)</p>")
}

/// Both kinds of database the storage tests run on.
enum DatabaseKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case file, memory
    var description: String { rawValue }

    /// Opens a fresh database of this kind; the directory keeps a file alive for the test's duration.
    func open() throws -> (FeedDatabase, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        switch self {
        case .file: return (try FeedDatabase(location: .file(path: directory.databasePath)), directory)
        case .memory: return (try FeedDatabase.inMemory(), directory)
        }
    }
}
