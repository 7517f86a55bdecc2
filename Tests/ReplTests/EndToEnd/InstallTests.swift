#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import ReduxVM
import RssCore
import Testing

/// `scripts/install` into a temporary prefix, then the installed programs as a user meets them: run from another
/// directory, finding their samples; their manual pages rendered by `man -l`; their completions loaded;
/// rss-serve's systemd user unit as `systemd-analyze verify` checks it; and `scripts/uninstall` removing exactly
/// what was installed, and the unit's enable link.
///
/// The script is run with `--debug`, so that it installs the build the tests were made with (a release build
/// takes minutes), and with `--ignore-lock` for swift: the tests run inside `swift test`, which holds the build
/// folder's lock. The Debian package's test (`DebianPackageTests.swift`) is in this suite too: the two run swift
/// in the same build folder, so the scripts take turns there through one lock file (`RSS_REEDER_BUILD_LOCK`),
/// from their build until they have copied what they need of it; the rest of the two tests runs at once.
@Suite("scripts/install and scripts/package", .timeLimit(.minutes(15)))
struct InstallTests {
    /// The environment of `scripts/install` and `scripts/package`: the user's own home, where swift finds its
    /// package mirror and caches; swift told not to wait for the build folder's lock, and the lock the two
    /// scripts share instead.
    static let scriptEnvironment = [
        "RSS_REEDER_SWIFT_FLAGS": "--ignore-lock",
        "RSS_REEDER_BUILD_LOCK": ReplPaths.packageRoot.appendingPathComponent(".build/scripts.lock").path,
        "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/",
    ]

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

    static let programs = ["rss-repl", "rss-report", "rss-serve"]

    static let installed = programs.flatMap { program in
        [
            "bin/\(program)", "share/man/man1/\(program).1", "share/bash-completion/completions/\(program)",
            "share/zsh/site-functions/_\(program)", "share/fish/vendor_completions.d/\(program).fish",
        ]
    } + ["share/rss-reeder/Preinstalled.opml", "share/rss-reeder/Samples/qemu.atom", "share/systemd/user/rss-serve.service"]

    @Test("installed programs run from anywhere with their samples, man renders their pages, uninstall removes them")
    func installRunUninstall() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let prefix = directory.appendingPathComponent("prefix")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // Something of the user's under the prefix, which neither script may touch.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: prefix.appendingPathComponent("bin/other-tool"))

        let install = try await Self.run(
            "\(Self.script)/install", ["--debug", prefix.path], in: directory, environment: Self.scriptEnvironment)
        #expect(install.status == 0, "\(install.stdout)")
        #expect(install.stdout.contains("installed rss-repl, rss-report and rss-serve in \(prefix.path)/bin"))
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }

        for program in Self.programs {
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

        for program in Self.programs {
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
            #expect(man.stdout.contains("--journal file"))
            // rss-serve's subcommands (run, user, token) stay in its page; the others take none.
            #expect(man.stdout.contains("subcommand") == (program == "rss-serve"), "\(man.stdout)")
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

        try await Self.checkUserUnit(prefix: prefix, in: elsewhere)

        // The unit enabled (the link `systemctl --user enable` makes): uninstalling removes the link too.
        let config = directory.appendingPathComponent("config")
        let wants = config.appendingPathComponent("systemd/user/default.target.wants")
        try FileManager.default.createDirectory(at: wants, withIntermediateDirectories: true)
        let link = wants.appendingPathComponent("rss-serve.service")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: prefix.appendingPathComponent("share/systemd/user/rss-serve.service"))
        let uninstall = try await Self.run(
            "\(Self.script)/uninstall", [prefix.path], in: directory, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(uninstall.status == 0, "\(uninstall.stdout)")
        #expect(uninstall.stdout.contains("removed the link \(link.path)"), "\(uninstall.stdout)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/rss-reeder").path))
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/other-tool").path))
        let again = try await Self.run("\(Self.script)/uninstall", [prefix.path], in: directory)
        #expect(again.status == 66 && again.stdout.hasPrefix("error: nothing installed by scripts/install in"))
    }

    /// The installed unit starts the installed rss-serve, and `systemd-analyze --user verify` finds nothing wrong
    /// with it (its documentation, `man:rss-serve(1)`, is looked up in the prefix's manual pages).
    static func checkUserUnit(prefix: URL, in directory: URL) async throws {
        let unit = prefix.appendingPathComponent("share/systemd/user/rss-serve.service")
        let text = try String(contentsOf: unit, encoding: .utf8)
        #expect(text.contains("\nExecStart=\(prefix.path)/bin/rss-serve run\n"), "\(text)")
        #expect(text.contains("\nRestart=on-failure\n") && text.contains("\nWantedBy=default.target\n"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else {
            Issue.record("systemd-analyze is not installed (scripts/test installs systemd)")
            return
        }
        // A user manager's paths need a runtime folder, which a test run under CI may not have. A short one: the
        // machine's other user units (gpg-agent's sockets) put socket paths in it, at most 108 bytes long.
        var template = Array("/tmp/rss-runtime-XXXXXX".utf8CString)
        let runtime = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: runtime) }  // an empty temporary folder
        let verify = try await run(
            "/usr/bin/systemd-analyze", ["--user", "verify", unit.path], in: directory,
            environment: ["XDG_RUNTIME_DIR": runtime, "MANPATH": prefix.appendingPathComponent("share/man").path])
        #expect(verify.status == 0, "\(verify.stdout)")
        // What it says of other units on the machine is theirs; nothing may be said of this one.
        #expect(!verify.stdout.contains("rss-serve"), "\(verify.stdout)")
    }
}
