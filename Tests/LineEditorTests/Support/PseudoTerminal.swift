import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal for end-to-end tests: the editor uses the slave side, the test types into the master side
/// and reads what the editor drew through a ``ScreenEmulator``.
final class PseudoTerminal {
    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        let output: String
        var description: String { "timed out waiting for \(waitingFor); screen:\n\(screen)\noutput: \(output)" }
    }

    let master: Int32
    let slave: Int32
    private(set) var screen: ScreenEmulator
    /// Every byte the editor wrote, for assertions about what must never appear.
    private(set) var transcript: [UInt8] = []

    init(columns: Int = 60, rows: Int = 12) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.slave = slave
        screen = ScreenEmulator(columns: columns, rows: rows)
    }

    deinit {
        Glibc.close(master)
        Glibc.close(slave)
    }

    /// Sends keys as if typed.
    func type(_ keys: String) {
        var bytes = Array(keys.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Reads what the editor wrote so far into the screen.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            transcript += buffer[0..<count]
            screen.feed(Array(buffer[0..<count]))
        }
    }

    /// Waits until `condition` holds for the screen, reading output meanwhile.
    @discardableResult
    func waitFor(
        _ description: String, timeout: Duration = .seconds(5), _ condition: (ScreenEmulator) -> Bool
    ) async throws -> ScreenEmulator {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            if condition(screen) { return screen }
            guard ContinuousClock.now < deadline else {
                throw Timeout(
                    waitingFor: description, screen: screen.lines.joined(separator: "\n"),
                    output: String(decoding: transcript.suffix(400), as: UTF8.self).debugDescription)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until the line the cursor is on reads `line` exactly.
    @discardableResult
    func waitForCursorLine(_ line: String) async throws -> ScreenEmulator {
        try await waitFor("cursor line \"\(line)\"") { $0.cursorLine == line }
    }

    /// Whether the editor has put the terminal in its editing mode (not canonical), so keys reach it one by one.
    var isInEditingMode: Bool {
        var modes = termios()
        guard tcgetattr(slave, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON) == 0
    }

    /// Changes the terminal's size (the kernel sends SIGWINCH to a foreground process group, if any).
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }
}
