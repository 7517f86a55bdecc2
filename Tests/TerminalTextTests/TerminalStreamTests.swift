import TerminalText
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Terminal capabilities and styles")
struct TerminalStreamTests {
    @Test("a pipe is not a terminal: no colour, width from COLUMNS only")
    func pipeStream() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let stream = TerminalStream(fileDescriptor: fds[1])
        #expect(!stream.isTerminal)
        #expect(!stream.allowsColor(environment: [:]))
        #expect(stream.columns(environment: [:]) == nil)
        #expect(stream.columns(environment: ["COLUMNS": "132"]) == 132)
        #expect(stream.columns(environment: ["COLUMNS": "0"]) == nil)
    }

    @Test("a terminal allows colour unless NO_COLOR is non-empty or TERM is dumb")
    func terminal() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        defer {
            close(master)
            close(slave)
        }
        let stream = TerminalStream(fileDescriptor: slave)
        #expect(stream.isTerminal)
        #expect(stream.columns(environment: ["COLUMNS": "50"]) == 100)
        #expect(stream.allowsColor(environment: [:]))
        #expect(stream.allowsColor(environment: ["NO_COLOR": ""]))
        #expect(!stream.allowsColor(environment: ["NO_COLOR": "1"]))
        #expect(!stream.allowsColor(environment: ["TERM": "dumb"]))
    }

    @Test("a disabled styler emits nothing")
    func styler() {
        #expect(Styler.plain.bold("x") == "x")
        #expect(Styler.plain.apply(TextStyle(bold: true, foreground: .red), to: "x") == "x")
        let on = Styler(enabled: true)
        #expect(on.bold("x") == "\u{1B}[1mx\u{1B}[0m")
        #expect(on.apply(TextStyle(dim: true, foreground: .brightBlue), to: "x") == "\u{1B}[2;94mx\u{1B}[0m")
        #expect(on.color(.green, "") == "")
        #expect(on.apply(.plain, to: "x") == "x")
    }
}
