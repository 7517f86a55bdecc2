import Foundation
import Testing

@testable import ReplKit

/// `set-source SOURCE interval DURATION|default`: a source's own refresh interval; `set-source SOURCE full-text
/// on|off`: its articles' pages.
@Suite("set-source")
struct SetSourceCommandTests {
    func parse(_ line: String) -> Result<SetSourceCommand, CommandError>? {
        ReplCommands.parse(line).map { result in result.map { $0 as! SetSourceCommand } }
    }

    @Test("a source named by number or by a title with spaces, a duration in seconds, minutes, hours or days")
    func parses() throws {
        #expect(try parse("set-source 2 interval 2h")?.get() == SetSourceCommand(source: "2", interval: 7_200))
        #expect(try parse("set-source Daring Fireball interval 1d")?.get() == SetSourceCommand(source: "Daring Fireball", interval: 86_400))
        #expect(try parse("set-s QEMU i 90")?.get() == SetSourceCommand(source: "QEMU", interval: 90))
        #expect(try parse("set-source QEMU interval default")?.get() == SetSourceCommand(source: "QEMU", interval: nil))
    }

    @Test("full-text on or off, the key shortened as any other")
    func parsesFullText() throws {
        #expect(try parse("set-source Daring Fireball full-text on")?.get() == SetSourceCommand(source: "Daring Fireball", fullText: true))
        #expect(try parse("set-source 2 f off")?.get() == SetSourceCommand(source: "2", fullText: false))
    }

    @Test(
        "what is refused, and why",
        arguments: [
            ("set-source QEMU", "a source, interval or full-text, and a value expected; usage: set-source SOURCE interval|full-text DURATION|default|on|off"),
            ("set-source QEMU every 2h", "“every” is not interval or full-text; usage: set-source SOURCE interval|full-text DURATION|default|on|off"),
            ("set-source QEMU full-text maybe", "full-text takes on or off, not “maybe”; usage: set-source SOURCE interval|full-text DURATION|default|on|off"),
            ("set-source QEMU interval soon", "the interval takes seconds (or 30m, 2h, 1d) or “default”, not “soon”; usage: set-source SOURCE interval|full-text DURATION|default|on|off"),
            ("set-source QEMU interval 30s", "an interval must be between 60 s and 30 days (720h)"),
            ("set-source QEMU interval 31d", "an interval must be between 60 s and 30 days (720h)"),
        ])
    func refusals(line: String, message: String) {
        guard case .failure(let error)? = parse(line) else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(error.description == message)
    }
}
