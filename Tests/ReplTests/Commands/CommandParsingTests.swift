import Foundation
import LineEditor
import RssCore
import Testing

import FrontKit
@testable import ReplKit

@Suite("command parsing")
struct CommandParsingTests {
    /// Parses `line` and checks it gives `expected`.
    func check<C: ReplCommand & Equatable>(_ line: String, _ expected: C, sourceLocation: SourceLocation = #_sourceLocation) {
        switch ReplCommands.parse(line) {
        case .success(let command)?:
            #expect(command as? C == expected, "\(line) → \(command)", sourceLocation: sourceLocation)
        case .failure(let error)?: Issue.record("\(line): \(error)", sourceLocation: sourceLocation)
        case nil: Issue.record("\(line) parsed to nothing", sourceLocation: sourceLocation)
        }
    }

    @Test("lines parse to commands")
    func parses() {
        check("help", HelpCommand(topic: nil))
        check("help mark", HelpCommand(topic: "mark-all-read"))
        check("?", HelpCommand(topic: nil))
        check("l", ListCommand(marks: nil, source: nil))
        check("list unread", ListCommand(marks: .unread, source: nil))
        check("list starred Daring Fireball", ListCommand(marks: .starred, source: "Daring Fireball"))
        check("list qemu", ListCommand(marks: nil, source: "qemu"))
        check("add https://x.example/feed a b", AddCommand(url: "https://x.example/feed", tags: ["a", "b"]))
        check("add \"/tmp/my feed.xml\"", AddCommand(url: "/tmp/my feed.xml", tags: []))
        check("o 3", OpenCommand(number: 3))
        check("open 3 --full", OpenCommand(number: 3, full: true))
        check("full 3", FullCommand(number: 3))
        check("b 3", BrowseCommand(number: 3))
        check("browse 3 2", BrowseCommand(number: 3, link: 2))
        check("pipe 3 less", PipeCommand(number: 3, command: ["less"]))
        check("pipe 1 mail -s \"to read\" me@example.org", PipeCommand(number: 1, command: ["mail", "-s", "to read", "me@example.org"]))
        check("pipe 1 echo '$(touch x)' ;", PipeCommand(number: 1, command: ["echo", "$(touch x)", ";"]))
        check("p", PrevCommand())
        check("read 1 3-5", ReadCommand(numbers: [1, 3, 4, 5]))
        check("unr 2", UnreadCommand(numbers: [2]))
        check("ref", RefreshCommand(source: nil))
        check("refresh QEMU", RefreshCommand(source: "QEMU"))
        check("search  go  modules ", SearchCommand(text: "go modules"))
        check("exp", ExportCommand(path: nil))
        check("imp ~/feeds.opml", ImportCommand(path: "~/feeds.opml"))
        check("sw", SwitchCommand())
        check("sor t", SortCommand(sort: .title))
        check("sort oldest", SortCommand(sort: .oldestFirst))
        check("set", SetCommand())
        check("set Page-Size 30", SetCommand(key: "page-size", value: "30"))
        check("q", QuitCommand())
        check("list unread #news", ListCommand(marks: .unread, source: "#news"))
        check("refresh #dev", RefreshCommand(source: "#dev"))
        check("mark #dev", MarkAllReadCommand(source: "#dev"))
        check("add 2", AddCommand(url: "2", tags: []))
        check("tag 3 news #dev", try! TagCommand(words: ["3", "news", "#dev"]))
        check("tag \"Daring Fireball\" apple", try! TagCommand(words: ["Daring Fireball", "apple"]))
        check("untag Daring Fireball apple", try! UntagCommand(words: ["Daring", "Fireball", "apple"]))
    }

    @Test("rule and query lines keep their expression as typed: quotes and backslashes reach the filter")
    func rulesAndQueries() throws {
        check(
            #"rule add ads  title ~ "^\[ad\]" or link contains '->' -> hide #news"#,
            RuleCommand(
                step: .add(
                    name: "ads", filter: try ArticleFilter(#"title ~ "^\[ad\]" or link contains '->'"#), action: .hide,
                    scope: "#news")))
        check(
            "rule add old age > 30d -> READ Daring Fireball",
            RuleCommand(
                step: .add(name: "old", filter: try ArticleFilter("age > 30d"), action: .read, scope: "Daring Fireball")))
        check("rule list", RuleCommand(step: .list))
        check("rule remove Ads", RuleCommand(step: .remove(name: "Ads")))
        check("rule apply ads", RuleCommand(step: .apply(name: "ads")))
        check(#"rule test title ~ "\d+""#, RuleCommand(step: .test(try ArticleFilter(#"title ~ "\d+""#))))
        check(
            "query save swift unread and title contains 'swift 6'",
            QueryCommand(step: .save(name: "swift", filter: try ArticleFilter("unread and title contains 'swift 6'"))))
        check("query remove swift", QueryCommand(step: .remove(name: "swift")))
        for bad in ["rule", "rule add", "rule add x", "rule add x unread", "rule add x unread -> eat", "rule add #x unread -> read",
            "rule remove", "rule remove a b", "rule frob", "query save x", "query save x titel = 1", "query"]
        {
            guard case .failure? = ReplCommands.parse(bad) else {
                Issue.record("\(bad) parsed")
                continue
            }
        }
    }

    @Test("a blank line is nothing")
    func blank() {
        #expect(ReplCommands.parse("   ") == nil)
    }

    @Test(
        "bad lines give one clear error",
        arguments: [
            ("lst", "unknown command “lst”; did you mean “list”? (help lists the commands)"),
            ("xyzzy", "unknown command “xyzzy” (help lists the commands)"),
            ("re", "“re” could be remove, refresh, read; type more of it"),
            ("open", "one article number expected; usage: open N [--full]"),
            ("open 0", "“0” is not an article number; usage: open N [--full]"),
            ("open 99999999999999999999999", "“99999999999999999999999” is not an article number; usage: open N [--full]"),
            ("read 5-1", "“5-1” is not an article number or range; usage: read N…"),
            ("browse", "an article number, and a link number or none; usage: browse N [K]"),
            ("browse 1 2 3", "an article number, and a link number or none; usage: browse N [K]"),
            ("browse 1 0", "“0” is not a link number; usage: browse N [K]"),
            ("browse x", "“x” is not an article number; usage: browse N [K]"),
            ("pipe 3", "an article number and a command expected; usage: pipe N COMMAND [ARG…]"),
            ("pipe less", "an article number and a command expected; usage: pipe N COMMAND [ARG…]"),
            ("pipe x less", "“x” is not an article number; usage: pipe N COMMAND [ARG…]"),
            ("read 1-100000", "“1-100000” is not an article number or range; usage: read N…"),
            ("remove", "which source?; usage: remove SOURCE"),
            ("next 2", "next takes no argument; usage: next"),
            ("set page-size", "a key and a value expected; usage: set [KEY VALUE]"),
            ("sort upside-down", "“upside-down” is not an order; usage: sort newest|oldest|source|title"),
            ("s", "“s” could be sources, sort, star, search, switch, set, set-source; type more of it"),
            ("tag", "which source?; usage: tag SOURCE TAG…"),
            ("tag 3", "which tags?; usage: tag SOURCE TAG…"),
            ("untag", "which source?; usage: untag SOURCE TAG…"),
            ("un", "“un” could be untag, unstar, unread; type more of it"),
        ])
    func errors(line: String, message: String) {
        guard case .failure(let error) = ReplCommands.parse(line) else {
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
        #expect(error.message == message)
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
        let completer = try CompletionFixture.completer()
        let complete = { (line: String) in CompletionFixture.complete(line, with: completer) }
        #expect(complete("s") == ["sources", "sort", "star", "search", "switch", "set", "set-source"])
        #expect(complete("mark") == ["mark-all-read"])
        #expect(
            complete("list ") == ["unread", "starred", "all", "swift", "week", "QEMU", "research!rsc", "Daring Fireball", "Evil"])
        #expect(complete("list unread ") == ["swift", "week", "QEMU", "research!rsc", "Daring Fireball", "Evil"])
        #expect(complete("list sw") == ["swift"])
        #expect(complete("rule ") == ["add", "list", "remove", "test", "apply"])
        #expect(complete("rule remove ") == ["ads", "old-news"])
        #expect(complete("rule apply o") == ["old-news"])
        #expect(complete("query remove s") == ["swift"])
        #expect(complete("remove d") == ["Daring Fireball"])
        #expect(complete("remove Daring F") == ["Fireball"])
        #expect(complete("set page") == ["page-size"])
        #expect(complete("set page-size ") == ["10", "20", "50", "100"])
        #expect(complete("set refresh o") == ["off"])
        #expect(complete("import fe") == ["feeds.opml"])
        #expect(complete("open ") == ["1", "2", "3", "12"])
        #expect(complete("set-source 2 ") == ["interval", "full-text"])
        #expect(complete("set-source 2 full-text ") == ["on", "off"])
        #expect(complete("set-source 2 interval 1") == ["15m", "1h", "1d"])
        #expect(complete("browse ") == ["1", "2", "3", "12"])
        #expect(complete("pipe 1 ") .contains("sh"))
        #expect(complete("pipe 1 les").allSatisfy { $0.hasPrefix("les") })
        #expect(complete("pipe 1 sh fe") == ["feeds.opml"])
        #expect(complete("read 1 1") == ["1", "12"])
        #expect(complete("add feeds.opml ") == ["dev", "news"])
        #expect(complete("add feeds.opml dev n") == ["news"])
        #expect(complete("sort ") == ["newest", "oldest", "source", "title"])
        #expect(complete("help so") == ["sources", "sort"])
        #expect(complete("next ") == [])
        #expect(complete("list #") == ["#dev", "#news"])
        #expect(complete("list unread #N") == ["#news"])
        #expect(complete("refresh #d") == ["#dev"])
        #expect(complete("mark-all-read #") == ["#dev", "#news"])
        #expect(complete("tag ") == ["QEMU", "research!rsc", "\"Daring Fireball\"", "Evil"])
        #expect(complete("tag \"Dar") == ["\"Daring Fireball\""])
        #expect(complete("tag QEMU ") == ["dev", "news"])
        #expect(complete("untag \"Daring Fireball\" n") == ["news"])
        #expect(complete("nonsense ") == [])
        #expect(complete("set-source q") == ["QEMU"])
        #expect(complete("set-source QEMU ") == ["interval", "full-text"])
        #expect(complete("set-source QEMU f") == ["full-text"])
        #expect(complete("set-source QEMU interval 1") == ["15m", "1h", "1d"])
    }
}
