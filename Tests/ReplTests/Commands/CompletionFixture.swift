import Foundation
import LineEditor

@testable import ReplKit

/// A completer over a fixed state: four sources (one with a hostile title) with tags, a printed list of
/// articles 1, 2, 3 and 12, rules `ads` and `old-news`, saved queries `swift` and `week`, and a directory
/// holding `feeds.opml`.
enum CompletionFixture {
    static func completer() throws -> ReplCompleter {
        let directory = try ReplPaths.temporaryDirectory()
        try Data().write(to: directory.appendingPathComponent("feeds.opml"))
        let context = CompletionContext(
            files: FilePathCompleter(baseDirectory: directory, homeDirectory: directory),
            sourceTitles: { ["QEMU", "research!rsc", "Daring Fireball", "\u{1B}[31mEvil"] },
            tags: { ["news", "dev", "news"] })
        context.articleNumbers = { [1, 2, 3, 12] }
        context.ruleNames = { ["ads", "old-news"] }
        context.queryNames = { ["swift", "week"] }
        return ReplCompleter(context: context)
    }

    /// What Tab offers at the end of `line`.
    static func complete(_ line: String, with completer: ReplCompleter) -> [String] {
        var words = CommandWords.split(line)
        let word = line.hasSuffix(" ") ? "" : (words.popLast() ?? "")
        return completer.candidates(for: CompletionRequest(line: line, word: word, precedingWords: words))
    }
}
