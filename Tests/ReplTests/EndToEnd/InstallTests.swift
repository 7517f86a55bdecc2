import Foundation
import ReduxVM
import RssCore
import Testing

/// `scripts/install` into a temporary prefix, then the installed programs as a user meets them: run from another
/// directory, finding their samples; their manual pages rendered by `man -l`; their completions loaded; and
/// `scripts/uninstall` removing exactly what was installed.
///
/// The script is run with `--debug`, so that it installs the build the tests were made with (a release build
/// takes minutes), and with `--ignore-lock` for swift: the tests run inside `swift test`, which holds the build
/// folder's lock.
@Suite("scripts/install", .timeLimit(.minutes(10)))
struct InstallTests {
    /// Runs `executable` with `arguments` in `directory` (standard error merged into standard output, which a
    /// build fills), `input` on its standard input.
    static func run(
        _ executable: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        input: String = ""
    ) async throws -> ScriptedRun {
        try await ScriptedRun.run(
            input, in: directory, arguments: ["-c", "exec \"$0\" \"$@\" 2>&1", executable] + arguments,
            executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
    }

    static let script = ReplPaths.packageRoot.appendingPathComponent("scripts").path

    static let installed = [
        "bin/rss-repl", "bin/rss-report", "share/man/man1/rss-repl.1", "share/man/man1/rss-report.1",
        "share/bash-completion/completions/rss-repl", "share/bash-completion/completions/rss-report",
        "share/zsh/site-functions/_rss-repl", "share/zsh/site-functions/_rss-report",
        "share/fish/vendor_completions.d/rss-repl.fish", "share/fish/vendor_completions.d/rss-report.fish",
        "share/rss-reeder/Preinstalled.opml", "share/rss-reeder/Samples/qemu.atom",
    ]

    @Test("installed programs run from anywhere with their samples, man renders their pages, uninstall removes them")
    func installRunUninstall() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let prefix = directory.appendingPathComponent("prefix")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // Something of the user's under the prefix, which neither script may touch.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: prefix.appendingPathComponent("bin/other-tool"))

        // The user's own home: swift finds its package mirror and caches there.
        let install = try await Self.run(
            "\(Self.script)/install", ["--debug", prefix.path], in: directory,
            environment: ["RSS_REEDER_SWIFT_FLAGS": "--ignore-lock", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/"])
        #expect(install.status == 0, "\(install.stdout)")
        #expect(install.stdout.contains("installed rss-repl and rss-report in \(prefix.path)/bin"))
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }

        for program in ["rss-repl", "rss-report"] {
            let version = try await Self.run(prefix.appendingPathComponent("bin/\(program)").path, ["--version"], in: elsewhere)
            #expect(version.status == 0 && version.stdout.hasPrefix("\(program) "), "\(version.stdout)\(version.stderr)")
        }

        // A first run from another directory imports the samples installed in PREFIX/share/rss-reeder.
        let database = elsewhere.appendingPathComponent("db.sqlite").path
        let first = try await Self.run(
            prefix.appendingPathComponent("bin/rss-repl").path, ["--db", database], in: elsewhere, input: "sources\n")
        #expect(first.stdout.components(separatedBy: "\n").filter { $0.contains(" new in ") }.count == 6, "\(first.stdout)")
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: database))))
        await store.idle()
        let files = store.state.sources.all.map(\.url).filter(\.isFileURL).map(\.path)
        #expect(files.count == 6)
        #expect(files.allSatisfy { $0.hasPrefix(prefix.appendingPathComponent("share/rss-reeder/Samples/").path) }, "\(files)")

        for program in ["rss-repl", "rss-report"] {
            let page = prefix.appendingPathComponent("share/man/man1/\(program).1").path
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else {
                Issue.record("man is not installed (scripts/test installs man-db)")
                break
            }
            let man = try await ScriptedRun.run(
                "", in: elsewhere, arguments: ["-l", page], executable: URL(fileURLWithPath: "/usr/bin/man"),
                environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
            #expect(man.status == 0, "\(man.stderr)")
            #expect(man.stderr.isEmpty, "\(man.stderr)")
            #expect(man.stdout.contains("\(program.uppercased())(1)") && man.stdout.contains("SYNOPSIS"))
            #expect(man.stdout.contains("--journal file") && !man.stdout.contains("subcommand"))
        }
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/rss-report.1"), encoding: .utf8)
        #expect(manual.contains(".It Fl -filter Ar expression"))

        let bash = try await ScriptedRun.run(
            "source \(prefix.path)/share/bash-completion/completions/rss-report && complete -p rss-report\n", in: elsewhere,
            arguments: [], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(bash.stdout.contains("-F _rss-report rss-report"), "\(bash.stderr)")
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_rss-repl"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef rss-repl"))
        let fish = try String(contentsOf: prefix.appendingPathComponent("share/fish/vendor_completions.d/rss-repl.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'rss-repl'") || fish.contains("complete -c rss-repl"))

        let uninstall = try await Self.run("\(Self.script)/uninstall", [prefix.path], in: directory)
        #expect(uninstall.status == 0, "\(uninstall.stdout)")
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/rss-reeder").path))
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/other-tool").path))
        let again = try await Self.run("\(Self.script)/uninstall", [prefix.path], in: directory)
        #expect(again.status == 66 && again.stdout.hasPrefix("error: nothing installed by scripts/install in"))
    }
}
