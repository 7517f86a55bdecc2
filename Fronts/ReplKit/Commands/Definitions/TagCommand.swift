import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `tag SOURCE TAG…`: files a source under more tags.
struct TagCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "tag", arguments: [.oneWordSource, .tags], summary: "file a source under tags",
        details: CommandSpec.taggingDetails)

    /// The source's words and the tags, as typed: which are which depends on the sources' titles.
    let words: [String]

    init(words: [String]) throws(CommandError) {
        self.words = try Self.sourceAndTagWords(words)
    }

    func run(in session: CommandRunner) {
        guard case let (source, typed)? = session.sourceAndTags(words) else { return }
        // A tag typed in another case than one in use is that one: `tag 3 News` files under "news".
        let tags = TagName.normalized(typed).map { session.state.sources.tag(named: $0) ?? $0 }
        session.store.dispatch(TagSource(id: source.id, tags: tags))
        session.reportTags(of: source.id)
    }
}

extension ReplCommand {
    /// The words of `tag` and `untag`: a source, then at least one tag.
    static func sourceAndTagWords(_ words: [String]) throws(CommandError) -> [String] {
        if words.isEmpty { throw usage("which source?") }
        if words.count < 2 { throw usage("which tags?") }
        return words
    }
}

extension ArgumentSpec {
    /// `SOURCE` as one word (a number, a quoted title, the start of a title, a URL), before more arguments.
    static let oneWordSource = ArgumentSpec(name: "SOURCE", arity: .required, completion: .sources)
    /// `TAG…`: one or more tags.
    static let tags = ArgumentSpec(name: "TAG", arity: .repeating, completion: .tags)
}

extension CommandSpec {
    static let taggingDetails = """
        SOURCE is a number from `sources`, a title (in quotes, or unquoted when it is the whole title) or a URL; \
        each word after it is a tag (a leading # is dropped; quote a tag with spaces). sources groups the sources \
        by tag; list #TAG, refresh #TAG and mark-all-read #TAG work on the sources of a tag.
        """
}

extension CommandRunner {
    /// The source and the tags `words` name: the longest run of leading words that is a source's whole title or
    /// URL (leaving at least one tag), else the first word as any source name; nil after an error line.
    func sourceAndTags(_ words: [String]) -> (Source, [String])? {
        for count in stride(from: words.count - 1, through: 2, by: -1) {
            let text = words.prefix(count).joined(separator: " ").lowercased()
            if let source = state.sources.all.first(where: {
                $0.title.lowercased() == text || $0.url.absoluteString.lowercased() == text
            }) {
                return (source, Array(words.dropFirst(count)))
            }
        }
        guard let source = source(named: words[0]) else {
            reportNoSource(words[0])
            return nil
        }
        return (source, Array(words.dropFirst()))
    }

    /// Once the store has the change, says which tags source `id` is filed under now.
    func reportTags(of id: UUID) {
        waiter.until { $0.listsSettled }
        guard let source = state.sources[id] else { return }
        let title = UserMessage.line(source.title)
        let tags = source.tags.map { "#" + UserMessage.line($0) }.joined(separator: " ")
        console.print(tags.isEmpty ? "“\(title)” has no tags" : "“\(title)” is filed under \(tags)")
    }
}
