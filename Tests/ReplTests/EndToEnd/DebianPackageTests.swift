import Foundation
import ReduxVM
import RssCore
import Testing

/// `scripts/package --debug`, then the package as a Debian user meets it, in a throwaway copy of this machine's
/// root (`scripts/lib/throwaway-root`, which needs root, as CI is): `apt-get install ./….deb`, the programs run
/// with a clean environment and the Swift toolchain's folder hidden, a report of the bundled samples, a first
/// `rss-repl` run finding them in /usr/share, the user unit verified, and `apt-get purge` removing it all.
///
/// A test of the install suite: it runs swift in the same build folder as the install test (taking turns with it
/// there), and packages the build the tests were made with.
extension InstallTests {
    /// The six sample feeds, where the package puts them.
    static let packagedSamples = [
        "DaringFireball.json", "bio.rdf", "qemu.atom", "russcox.atom", "scriptingNews.rss", "theomnishow.rss",
    ].map { "/usr/share/rss-reeder/Samples/\($0)" }

    /// The files of the package that say it is laid out as Debian's tools expect.
    static let packagedFiles = [
        "./usr/bin/rss-repl", "./usr/bin/rss-report", "./usr/bin/rss-serve",
        "./usr/share/man/man1/rss-repl.1.gz", "./usr/share/man/man1/rss-serve.1.gz",
        "./usr/share/bash-completion/completions/rss-serve", "./usr/share/zsh/vendor-completions/_rss-report",
        "./usr/share/fish/vendor_completions.d/rss-repl.fish", "./usr/lib/systemd/user/rss-serve.service",
        "./usr/share/rss-reeder/Preinstalled.opml", "./usr/share/rss-reeder/Samples/qemu.atom",
        "./usr/share/doc/rss-reeder/copyright", "./usr/share/doc/rss-reeder/changelog.Debian.gz",
        "./usr/share/lintian/overrides/rss-reeder",
    ]

    @Test("the Debian package installs with apt-get and its programs run without the toolchain, then purge removes it")
    func debianPackage() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("out")
        // The package is a debug build's, over 100 MB: not left behind (the steps' results, small, are).
        defer { try? FileManager.default.removeItem(at: output) }  // a temporary folder: nothing to report
        // The maintainer is given, as the test may run where git cannot read the work tree.
        let build = try await Self.run(
            "\(Self.script)/package", ["--debug", output.path], in: directory,
            environment: Self.scriptEnvironment.merging(
                ["DEBFULLNAME": "RssReeder tests", "DEBEMAIL": "tests@rss-reeder.example"]) { $1 })
        #expect(build.status == 0, "\(build.stdout)")
        // Its last line is the package; lintian, which ran before, found nothing that is not overridden.
        let package = try #require(build.stdout.split(separator: "\n").last.map(String.init))
        #expect(package.hasPrefix(output.path + "/rss-reeder_") && package.hasSuffix(".deb"), "\(build.stdout)")
        for tag in ["E: ", "W: "] {
            #expect(!build.stdout.split(separator: "\n").contains { $0.hasPrefix(tag) }, "\(build.stdout)")
        }

        let depends = try await Self.run("/usr/bin/dpkg-deb", ["-f", package, "Depends"], in: directory)
        for library in ["libc6", "libedit2", "libgumbo1", "libsqlite3-0", "libssl3", "zlib1g"] {
            #expect(depends.stdout.contains(library), "\(depends.stdout)")
        }
        #expect(!depends.stdout.contains("swift"), "\(depends.stdout)")
        let contents = try await Self.run("/usr/bin/dpkg-deb", ["-c", package], in: directory)
        for file in Self.packagedFiles {
            #expect(contents.stdout.contains(" \(file)\n"), "\(file)")
        }

        let results = directory.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("steps.sh")
        let toolchain = try #require(Self.toolchain(), "no swift on PATH")
        try Data(Self.steps(package: package, results: results.path, toolchain: toolchain.path).utf8).write(to: script)
        let root = try await Self.run(
            "\(Self.script)/lib/throwaway-root",
            ["--share", directory.path, "--hide", toolchain.path, "/bin/bash", script.path], in: directory)
        #expect(root.status == 0, "\(root.stdout)")
        let step = { (name: String) in try StepResult(name, in: results) }

        let install = try step("install")
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        let hidden = try step("toolchain")
        #expect(hidden.status == 0 && hidden.stdout.isEmpty, "the toolchain's folder was not hidden: \(hidden.stdout)")
        for program in Self.programs {
            let version = try step("\(program)-version")
            #expect(version.status == 0 && version.stdout.hasPrefix("\(program) "), "\(version.stdout)\(version.stderr)")
            let ldd = try step("\(program)-ldd")
            #expect(ldd.status == 0 && ldd.stdout.contains("libc.so.6"), "\(ldd.stdout)\(ldd.stderr)")
            for unwanted in [toolchain.path, "libswift", "libFoundation", "not found"] {
                #expect(!ldd.stdout.contains(unwanted), "\(program) needs \(unwanted): \(ldd.stdout)")
            }
        }

        // A report of the samples, offline.
        let report = try step("report")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == 6, "\(report.stderr)")
        #expect(report.stdout.contains("6 sources") && report.stdout.contains("QEMU version 10.1.0 released"), "\(report.stdout)")

        // A first rss-repl run imports the samples from /usr/share/rss-reeder (the news feeds fail offline).
        let repl = try step("repl")
        #expect(repl.stdout.split(separator: "\n").filter { $0.contains(" new in ") }.count == 6, "\(repl.stdout)")
        let store = try RssStore.make(RssConfiguration(database: .file(results.appendingPathComponent("repl.sqlite"))))
        await store.idle()
        #expect(Set(store.state.sources.all.map(\.url).filter(\.isFileURL).map(\.path)) == Set(Self.packagedSamples))

        let unit = try step("unit")
        #expect(unit.status == 0 && !unit.stdout.contains("rss-serve") && !unit.stderr.contains("rss-serve"), "\(unit.stderr)")
        let manual = try step("manual")
        #expect(manual.stdout == "/usr/share/man/man1/rss-serve.1.gz\n", "\(manual.stdout)\(manual.stderr)")

        let purge = try step("purge")
        #expect(purge.status == 0, "\(purge.stdout)\(purge.stderr)")
        let left = try step("left")
        #expect(left.stdout.isEmpty, "files left after the purge: \(left.stdout)")
    }

    /// The folder of the Swift toolchain whose `swift` is on `PATH` (`/opt/swift` for `/opt/swift/usr/bin/swift`).
    static func toolchain() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: swift.path) {
                return swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent()
            }
        }
        return nil
    }

    /// What runs in the throwaway root: each step's standard output, error and status go to files named after
    /// it in `results`, for the test to read. The programs run with nothing of this environment (`env -i`).
    static func steps(package: String, results: String, toolchain: String) -> String {
        let clean = "env -i PATH=/usr/bin:/bin HOME=\(results)/home TZ=UTC LANG=C.UTF-8"
        let programs = Self.programs.map { program in
            """
            step \(program)-version \(clean) \(program) --version
            step \(program)-ldd ldd /usr/bin/\(program)
            """
        }
        return """
            set -u
            cd '\(results)'
            mkdir -p home
            # A short runtime folder: the machine's other user units (gpg-agent's) put sockets of at most 108
            # bytes' path in it when systemd-analyze loads them.
            runtime="$(mktemp -d /tmp/runtime.XXXXXX)"
            step() {
                local name="$1"
                shift
                "$@" > "$name.out" 2> "$name.err" < /dev/null
                echo $? > "$name.status"
            }
            export DEBIAN_FRONTEND=noninteractive
            # Installing a manual page would otherwise rebuild man-db's whole index.
            echo 'man-db man-db/auto-update boolean false' | debconf-set-selections
            step install apt-get install -y --no-install-recommends '\(package)'
            step toolchain find '\(toolchain)' -mindepth 1
            \(programs.joined(separator: "\n"))
            step report \(clean) rss-report --db report.sqlite --limit 1 --url \(Self.packagedSamples.joined(separator: " "))
            printf 'sources\\n' > repl.in
            step repl sh -c '\(clean) rss-repl --db repl.sqlite < repl.in'
            step unit env XDG_RUNTIME_DIR="$runtime" systemd-analyze --user verify /usr/lib/systemd/user/rss-serve.service
            step manual man -w rss-serve
            step purge apt-get purge -y rss-reeder
            step left sh -c 'ls -d /usr/bin/rss-* /usr/share/rss-reeder /usr/lib/systemd/user/rss-serve.service /usr/share/doc/rss-reeder 2>/dev/null'

            """
    }
}

/// One step of the throwaway root's script, read back from its files.
struct StepResult {
    let stdout: String
    let stderr: String
    let status: Int32

    init(_ name: String, in folder: URL) throws {
        stdout = try String(contentsOf: folder.appendingPathComponent("\(name).out"), encoding: .utf8)
        stderr = try String(contentsOf: folder.appendingPathComponent("\(name).err"), encoding: .utf8)
        let said = try String(contentsOf: folder.appendingPathComponent("\(name).status"), encoding: .utf8)
        status = Int32(said.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
