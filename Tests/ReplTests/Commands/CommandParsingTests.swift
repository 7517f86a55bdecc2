import Foundation
import LineEditor
import RssCore
import Testing

@testable import ReplKit

@Suite("command parsing")
struct CommandParsingTests {
    @Test(
        "lines parse to commands",
        arguments: [
            ("help", ReplCommand.help(nil)),
            ("help mark", .help(.markAllRead)),
            ("l", .list(marks: nil, source: nil)),
            ("list unread", .list(marks: "unread", source: nil)),
            ("list starred Daring Fireball", .list(marks: "starred", source: "Daring Fireball")),
            ("list qemu", .list(marks: nil, source: "qemu")),
            ("add https://x.example/feed a b", .add(url: "https://x.example/feed", tags: ["a", "b"])),
            ("add \"/tmp/my feed.xml\"", .add(url: "/tmp/my feed.xml", tags: [])),
            ("o 3", .open(3)),
            ("read 1 3-5", .read([1, 3, 4, 5])),
            ("unr 2", .unread([2])),
            ("ref", .refresh(source: nil)),
            ("refresh QEMU", .refresh(source: "QEMU")),
            ("search  go  modules ", .search("go modules")),
            ("exp", .exportOPML(path: nil)),
            ("imp ~/feeds.opml", .importOPML(path: "~/feeds.opml")),
            ("sw", .switchList),
            ("set", .showSettings),
            ("set Page-Size 30", .set(key: "page-size", value: "30")),
            ("q", .quit),
        ])
    func parses(line: String, expected: ReplCommand) throws {
        #expect(try ReplCommand.parse(line)?.get() == expected)
    }

    @Test("a blank line is nothing")
    func blank() {
        #expect(ReplCommand.parse("   ") == nil)
    }

    @Test(
        "bad lines give one clear error",
        arguments: [
            ("lst", "unknown command “lst”; did you mean “list”? (help lists the commands)"),
            ("xyzzy", "unknown command “xyzzy” (help lists the commands)"),
            ("re", "“re” could be remove, refresh, read; type more of it"),
            ("open", "one article number expected; usage: open N"),
            ("open 0", "“0” is not an article number; usage: open N"),
            ("open 99999999999999999999999", "“99999999999999999999999” is not an article number; usage: open N"),
            ("read 5-1", "“5-1” is not an article number or range; usage: read N…"),
            ("read 1-100000", "“1-100000” is not an article number or range; usage: read N…"),
            ("remove", "which source?; usage: remove SOURCE"),
            ("next 2", "next takes no argument; usage: next"),
            ("set page-size", "a key and a value expected; usage: set [KEY VALUE]"),
        ])
    func errors(line: String, message: String) {
        guard case .failure(let error) = ReplCommand.parse(line) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(error.description == message)
    }

    @Test("settings values")
    func settings() throws {
        #expect(try SettingValue.change(key: "refresh", value: "30m").get() == .refreshInterval(1800))
        #expect(try SettingValue.change(key: "retention-days", value: "off").get() == .retentionDays(nil))
        #expect(try SettingValue.change(key: "retention-per", value: "50").get() == .retentionPerSource(50))
        #expect((try? SettingValue.change(key: "colour", value: "on").get()) == nil)
    }

    @Test(
        "a refresh interval is at most 30 days (a huge one crashed the timer); numbers out of range say so",
        arguments: [
            ("refresh", "9223372036854775807", "refresh-interval must be at most 30 days (2592000 s, 720h)"),
            ("refresh", "99999999999999999999", "refresh-interval must be at most 30 days (2592000 s, 720h)"),
            ("refresh", "2562047788015216h", "refresh-interval must be at most 30 days (2592000 s, 720h)"),
            ("refresh", "721h", "refresh-interval must be at most 30 days (2592000 s, 720h)"),
            ("refresh", "12x", "refresh-interval takes seconds (or 30m, 2h) or “off”, not “12x”"),
            ("page-size", "99999999999999999999", "99999999999999999999 is out of range for page-size"),
            ("retention-days", "-99999999999999999999", "-99999999999999999999 is out of range for retention-days"),
        ])
    func settingLimits(key: String, value: String, message: String) {
        guard case .failure(let error) = SettingValue.change(key: key, value: value) else {
            Issue.record("\(key) \(value) accepted")
            return
        }
        #expect(error.description == message)
    }

    @Test("refresh intervals up to 30 days, in seconds, minutes or hours")
    func refreshIntervals() throws {
        #expect(try SettingValue.change(key: "refresh", value: "720h").get() == .refreshInterval(2_592_000))
        #expect(try SettingValue.change(key: "refresh", value: "2592000").get() == .refreshInterval(2_592_000))
        #expect(try SettingValue.change(key: "refresh", value: "90s").get() == .refreshInterval(90))
        #expect(try SettingValue.change(key: "refresh", value: "+5m").get() == .refreshInterval(300))
    }

    @Test("words split on spaces, quotes group, backslash escapes")
    func words() {
        #expect(CommandWords.split(#"add 'a b' c\ d "e"#) == ["add", "a b", "c d", "e"])
        #expect(CommandWords.split("") == [])
        #expect(CommandWords.split(#"search """#) == ["search", ""])
    }

    @Test("completion: commands, marks and sources, settings, files")
    func completion() throws {
        let directory = try ReplPaths.temporaryDirectory()
        try Data().write(to: directory.appendingPathComponent("feeds.opml"))
        let completer = ReplCompleter(
            files: FilePathCompleter(baseDirectory: directory, homeDirectory: directory),
            sourceTitles: { ["QEMU", "research!rsc", "Daring Fireball", "\u{1B}[31mEvil"] })
        func complete(_ line: String) -> [String] {
            var words = CommandWords.split(line)
            let word = line.hasSuffix(" ") ? "" : (words.popLast() ?? "")
            return completer.candidates(for: CompletionRequest(line: line, word: word, precedingWords: words))
        }
        #expect(complete("s") == ["sources", "star", "search", "switch", "set"])
        #expect(complete("mark") == ["mark-all-read"])
        #expect(complete("list ") == ["unread", "starred", "all", "QEMU", "research!rsc", "Daring Fireball", "Evil"])
        #expect(complete("remove d") == ["Daring Fireball"])
        #expect(complete("set page") == ["page-size"])
        #expect(complete("import fe") == ["feeds.opml"])
        #expect(complete("open ") == [])
        #expect(complete("nonsense ") == [])
    }
}
