import Foundation
import Testing

@testable import ReplKit

#if canImport(Glibc)
    import Glibc
#endif

/// The built `rss-repl` run as a child on a pseudo-terminal that is its controlling terminal (through
/// `setsid -c`), so Ctrl-C typed on it is a real SIGINT; the test types keys and reads what was drawn.
final class PtyProcess {
    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let output: String
        var description: String { "timed out waiting for \(waitingFor); output so far:\n\(output)" }
    }

    let master: Int32
    let pid: pid_t
    private(set) var transcript: [UInt8] = []
    /// How far `waitFor` has consumed the transcript.
    private var consumed = 0

    init(arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, target) }
        // Other tests' pipes and files stay theirs: an inherited write end would keep their reads from ending.
        #expect(SpawnedDescriptors.closeAboveStandardError(in: &actions))
        let argv = ["/usr/bin/setsid", "-c", ReplPaths.binary.path] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = envp.map { strdup($0) } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        // The test runner may block or ignore SIGINT; the child must get it as a terminal program would.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv)
        close(slave)
        guard result == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        self.master = master
        self.pid = pid
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Changes the window size as a terminal emulator does: TIOCSWINSZ on the master, which makes the kernel
    /// signal the terminal's foreground process group, and SIGWINCH sent to the child as well, so the test does
    /// not depend on the child being in that group.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(pid, SIGWINCH)
    }

    func type(_ keys: String) {
        var bytes = Array(keys.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            transcript += buffer[0..<count]
        }
    }

    /// The output with escape sequences and carriage returns removed, for matching text.
    static func plain(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
                }
                continue
            }
            if scalar == "\r" || scalar == "\u{07}" || scalar == "\u{08}" { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Waits until the output after the last match contains `text`; returns the output up to and including it.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            let fresh = Self.plain(transcript[consumed...])
            if fresh.contains(text) {
                // Consume only up to the match, so that a following wait can still find what came after it in
                // the same read (a command's last line and the prompt often arrive together).
                var low = consumed + 1
                var high = transcript.count
                while low < high {
                    let middle = (low + high) / 2
                    if Self.plain(transcript[consumed..<middle]).contains(text) {
                        high = middle
                    } else {
                        low = middle + 1
                    }
                }
                let start = consumed
                consumed = high
                return Self.plain(transcript[start..<high])
            }
            guard ContinuousClock.now < deadline else {
                throw Timeout(waitingFor: text.debugDescription, output: Self.plain(transcript[...]))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Types `line` and Return, then waits for `answer` (see ``waitFor(_:timeout:)``).
    @discardableResult
    func enter(_ line: String, thenWaitFor answer: String) async throws -> String {
        type(line + "\r")
        return try await waitFor(answer)
    }

    /// Types `line` and returns what it drew from `marker` (text only its output holds, such as a table's
    /// header) up to the next prompt. A prompt drawn again before the output, when the counts in it changed, is
    /// passed over: waiting for the prompt alone could stop there.
    func output(of line: String, from marker: String) async throws -> String {
        type(line + "\r")
        _ = try await waitFor(marker)
        return marker + (try await waitFor("rss> "))
    }

    /// Waits for the child to exit; returns its exit status.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            drain()
            guard ContinuousClock.now < deadline else {
                throw Timeout(waitingFor: "exit", output: Self.plain(transcript[...]))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return (status >> 8) & 0xFF
    }
}

extension PtyProcess {
    /// `rss-repl` on its own database in `directory`, on a terminal of `columns` (xterm, no colour; the width
    /// comes from the terminal, not from `COLUMNS`).
    static func repl(in directory: URL, columns: Int = 100) throws -> PtyProcess {
        var environment = ReplPaths.environment(directory)
        environment["TERM"] = "xterm"
        environment["COLUMNS"] = nil
        return try PtyProcess(
            arguments: ["--db", directory.appendingPathComponent("db.sqlite").path, "--no-preinstalled"], environment: environment,
            columns: columns)
    }
}

/// Waits until `condition` holds, checking every few milliseconds; throws when `timeout` passes first.
func waitUntil(
    _ what: String, timeout: Duration = .seconds(10), _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw PtyProcess.Timeout(waitingFor: what, output: "") }
        try await Task.sleep(for: .milliseconds(20))
    }
}
