import Foundation
import LineEditor
import Testing

@testable import ReplKit

/// Every command is fully defined: help for it, a usage line derived from its arguments, and Tab completes
/// each of its arguments (only the arguments listed here are free text, so adding one is a decision).
@Suite("command definitions")
struct CommandDefinitionTests {
    /// `command ARGUMENT`s whose text nothing can foresee: a search; the number of a link in an article's text,
    /// which only reading that article's text would tell; a filter expression.
    static let freeText: Set<String> = ["search TEXT", "browse K", "rule EXPR", "query EXPR"]

    @Test("every command has a summary, a usage line starting with its name, and help")
    func everyCommandHasHelp() {
        #expect(ReplCommands.all.count == 31)
        for spec in ReplCommands.specs {
            #expect(!spec.summary.isEmpty, "\(spec.name)")
            #expect(spec.usage.hasPrefix(spec.name), "\(spec.name)")
            guard case .success(let help)? = ReplCommands.parse("help \(spec.name)") else {
                Issue.record("help \(spec.name) does not parse")
                continue
            }
            #expect((help as? HelpCommand)?.topic == spec.name)
        }
        #expect(Set(ReplCommands.names).count == ReplCommands.names.count, "two commands share a name")
    }

    @Test("each argument of each command completes something, unless declared free text")
    func everyArgumentCompletes() throws {
        let completer = try CompletionFixture.completer()
        for spec in ReplCommands.specs {
            for (index, argument) in spec.arguments.enumerated() {
                let label = "\(spec.name) \(argument.name)"
                if argument.completion == .freeText {
                    #expect(Self.freeText.contains(label), "\(label) is free text but not listed as such")
                    continue
                }
                // The words before it: a plausible value for each earlier argument.
                let before = spec.arguments.prefix(index).map { Self.example(for: $0.completion) }
                let line = ([spec.name] + before).joined(separator: " ") + " "
                let offered = CompletionFixture.complete(line, with: completer)
                #expect(!offered.isEmpty, "Tab after “\(line)” offers nothing for \(label)")
            }
        }
    }

    @Test("a usage line is derived from the arguments")
    func usageLines() {
        let usages = Dictionary(uniqueKeysWithValues: ReplCommands.specs.map { ($0.name, $0.usage) })
        #expect(usages["list"] == "list [unread|starred|all] [SOURCE]")
        #expect(usages["set"] == "set [KEY VALUE]")
        #expect(usages["add"] == "add URL [TAG…]")
        #expect(usages["read"] == "read N…")
        #expect(usages["sort"] == "sort newest|oldest|source|title")
        #expect(usages["next"] == "next")
        #expect(usages["tag"] == "tag SOURCE TAG…")
        #expect(usages["untag"] == "untag SOURCE TAG…")
        #expect(usages["browse"] == "browse N [K]")
        #expect(usages["pipe"] == "pipe N COMMAND [ARG…]")
        #expect(usages["rule"] == "rule add|list|remove|test|apply [NAME] [EXPR]")
        #expect(usages["query"] == "query save|list|remove [NAME] [EXPR]")
    }

    /// A word an argument of this kind could hold.
    static func example(for completion: ArgumentCompletion) -> String {
        switch completion {
        case .settingKeys: "page-size"
        case .files: "feeds.opml"
        case .choices(let words): words[0]
        case .articleNumbers: "1"
        default: "x"
        }
    }
}
