import Foundation
import LoopbackServers
import ReduxVM
import RssCore
import Testing

/// What a new user gets: a database rss-repl creates starts with the preinstalled sources (the original
/// app's two news feeds and the bundled samples), once; the samples are found from an installed copy of the
/// program too.
@Suite("rss-repl's first run", .timeLimit(.minutes(5)))
struct FirstRunTests {
    static let sampleTitles = [
        "Daring Fireball", "bioRxiv Subject Collection: Plant Biology", "QEMU", "research!rsc", "Scripting News",
        "The Omni Show",
    ]

    @Test("a new database holds the preinstalled sources; the samples are read offline, the news feeds need a network")
    func newDatabaseHasThePreinstalledSources() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let database = directory.appendingPathComponent("new.sqlite").path
        let run = try await ScriptedRun.run("sources\nlist unread\n", in: directory, arguments: ["--db", database])
        #expect(run.stdout.contains("Lenta.ru"), "\(run.stdout)")
        #expect(run.stdout.contains("Gazeta.ru"))
        for title in Self.sampleTitles { #expect(run.stdout.contains(title), "missing \(title)") }
        #expect(run.stdout.contains("imported 8 sources from Preinstalled.opml"), "\(run.stdout)\n\(run.stderr)")
        // Offline, the two news feeds fail and say why; the six samples were read from their files.
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.contains(" new in ") }.count == 6, "\(run.stdout)")
        #expect(run.stderr.contains("Lenta.ru: FETCH"), "\(run.stderr)")
        #expect(run.stdout.contains("161 articles"), "\(run.stdout)")
    }

    @Test("removed preinstalled sources do not come back, and an existing database gets none")
    func removedSourcesStayRemoved() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let database = directory.appendingPathComponent("db.sqlite").path
        _ = try await ScriptedRun.run("remove Lenta.ru\nremove QEMU\n", in: directory, arguments: ["--db", database])
        let again = try await ScriptedRun.run("sources\n", in: directory, arguments: ["--db", database])
        #expect(!again.stdout.contains("Lenta.ru"), "\(again.stdout)")
        #expect(!again.stdout.contains("QEMU"))
        #expect(again.stdout.contains("Gazeta.ru"))
        #expect(!again.stdout.contains("imported"))
    }

    @Test("--no-preinstalled starts empty")
    func noPreinstalled() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let database = directory.appendingPathComponent("db.sqlite").path
        let run = try await ScriptedRun.run("sources\n", in: directory, arguments: ["--db", database, "--no-preinstalled"])
        #expect(!run.stdout.contains("Lenta.ru"))
        #expect(!run.stdout.contains("imported"))
    }

    @Test("an installed copy (PREFIX/bin and PREFIX/share/rss-reeder) reads the samples installed beside it")
    func installedLayout() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let prefix = directory.appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin")
        let share = prefix.appendingPathComponent("share/rss-reeder")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        // A hard link, not a copy: a copy's file descriptor, inherited by a process another test forks at
        // that moment, makes running the copy fail with "text file busy".
        do {
            try FileManager.default.linkItem(at: ReplPaths.binary, to: bin.appendingPathComponent("rss-repl"))
        } catch {
            try FileManager.default.copyItem(at: ReplPaths.binary, to: bin.appendingPathComponent("rss-repl"))
        }
        let resources = ReplPaths.packageRoot.appendingPathComponent("Resources")
        for item in ["Preinstalled.opml", "Samples"] {
            try FileManager.default.copyItem(
                at: resources.appendingPathComponent(item), to: share.appendingPathComponent(item))
        }
        let database = directory.appendingPathComponent("db.sqlite").path
        let run = try await ScriptedRun.run(
            "sources\n", in: directory, arguments: ["--db", database],
            executable: bin.appendingPathComponent("rss-repl"))
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.contains(" new in ") }.count == 6, "\(run.stdout)")
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: database))))
        await store.idle()
        let files = store.state.sources.all.map(\.url).filter(\.isFileURL).map(\.path).sorted()
        #expect(files.count == 6)
        #expect(files.allSatisfy { $0.hasPrefix(share.appendingPathComponent("Samples/").path) }, "\(files)")
    }

    @Test("piped, the status is the commands': help passes while the first fetches fail; their refresh does not")
    func pipedStatusIsTheCommands() async throws {
        // The preinstalled feeds are on a server that answers every request 503: offline, as far as they go.
        let server = try LoopbackFeedServer { _ in LoopbackFeedServer.Response(status: 503) }
        let directory = try ReplPaths.temporaryDirectory()
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Preinstalled</title></head><body>
              <outline text="News" title="News">
                <outline type="rss" text="Unreachable" title="Unreachable" xmlUrl="\(server.url("one.xml"))"/>
                <outline type="rss" text="Unavailable" title="Unavailable" xmlUrl="\(server.url("two.xml"))"/>
              </outline>
            </body></opml>
            """
        let binary = try Self.installedCopy(in: directory, preinstalled: opml)
        // Each script on a new database, so that each run starts by fetching the preinstalled feeds.
        func run(_ script: String) async throws -> ScriptedRun {
            let database = directory.appendingPathComponent("\(UUID().uuidString).sqlite").path
            return try await ScriptedRun.run(script, in: directory, arguments: ["--db", database], executable: binary)
        }

        let help = try await run("help\n")
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("imported 2 sources"), "\(help.stdout)")
        #expect(help.stdout.contains("refresh"), "\(help.stdout)")
        // The fetches no command asked for still say that they failed.
        #expect(help.stderr.contains("error: Unreachable: HTTP 503"), "\(help.stderr)")
        #expect(help.stderr.contains("error: Unavailable: HTTP 503"), "\(help.stderr)")

        let refresh = try await run("refresh Unreachable\n")
        #expect(refresh.status == 1, "\(refresh.stderr)")
        #expect(refresh.stdout.contains("refreshed 1 of 1 source"), "\(refresh.stdout)")
        #expect(refresh.stderr.components(separatedBy: "error: Unreachable: HTTP 503").count == 3, "\(refresh.stderr)")

        let unknown = try await run("help\nbogus\n")
        #expect(unknown.status == 1, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("error: unknown command “bogus”"), "\(unknown.stderr)")
    }

    /// A copy of the built rss-repl installed as `PREFIX/bin/rss-repl` under `directory`, whose
    /// `PREFIX/share/rss-reeder/Preinstalled.opml` is `preinstalled`.
    static func installedCopy(in directory: URL, preinstalled: String) throws -> URL {
        let prefix = directory.appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin")
        let share = prefix.appendingPathComponent("share/rss-reeder")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("rss-repl")
        // A hard link, not a copy: see installedLayout().
        do {
            try FileManager.default.linkItem(at: ReplPaths.binary, to: binary)
        } catch {
            try FileManager.default.copyItem(at: ReplPaths.binary, to: binary)
        }
        try Data(preinstalled.utf8).write(to: share.appendingPathComponent("Preinstalled.opml"))
        return binary
    }
}
