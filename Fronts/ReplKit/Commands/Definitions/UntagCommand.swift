import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `untag SOURCE TAG…`: takes tags off a source.
struct UntagCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "untag", arguments: [.oneWordSource, .tags], summary: "take tags off a source",
        details: CommandSpec.taggingDetails)

    /// The source's words and the tags, as typed: which are which depends on the sources' titles.
    let words: [String]

    init(words: [String]) throws(CommandError) {
        self.words = try Self.sourceAndTagWords(words)
    }

    func run(in session: CommandRunner) {
        guard case let (source, typed)? = session.sourceAndTags(words) else { return }
        // Tags are matched as `list #TAG` matches them: case ignored, against the source's own.
        var tags: [String] = []
        for text in TagName.normalized(typed) {
            guard let tag = source.tags.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) else {
                session.console.error(
                    "“\(UserMessage.line(source.title))” is not filed under #\(UserMessage.line(text))")
                continue
            }
            tags.append(tag)
        }
        guard !tags.isEmpty else { return }
        session.store.dispatch(UntagSource(id: source.id, tags: tags))
        session.reportTags(of: source.id)
    }
}
