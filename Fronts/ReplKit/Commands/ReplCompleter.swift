import Foundation
public import LineEditor
import FrontKit

/// What the completer reads from the session when Tab is pressed: the state's sources and tags, and the
/// numbers of the list the user last saw. A class, so that the session can connect the views after the line
/// editor (which needs the completer) is made.
public final class CompletionContext {
    /// The sources' titles.
    var sourceTitles: () -> [String]
    /// The tags of every source.
    var tags: () -> [String]
    /// The article numbers of the last list printed.
    var articleNumbers: () -> [Int] = { [] }
    /// The rules' names.
    var ruleNames: () -> [String] = { [] }
    /// The saved queries' names.
    var queryNames: () -> [String] = { [] }
    /// File paths, relative to the working directory or `~`.
    let files: FilePathCompleter
    /// The programs on `PATH` whose names start with the word typed.
    var programs: (String) -> [String] = { prefix in
        ProgramNames.matching(prefix, path: ProcessInfo.processInfo.environment["PATH"] ?? "")
    }

    /// A context over `sourceTitles` and `tags`, completing paths with `files`.
    public init(
        files: FilePathCompleter = FilePathCompleter(), sourceTitles: @escaping () -> [String],
        tags: @escaping () -> [String] = { [] }
    ) {
        self.files = files
        self.sourceTitles = sourceTitles
        self.tags = tags
    }
}

/// What Tab offers: command names first, then, for each argument, what its definition says it completes.
public struct ReplCompleter {
    let context: CompletionContext

    /// A completer reading `context`.
    public init(context: CompletionContext) {
        self.context = context
    }

    /// The candidates for `request`.
    public func candidates(for request: CompletionRequest) -> [String] {
        guard let first = request.precedingWords.first else {
            return complete(.commands, request)
        }
        guard case .success(let command) = ReplCommands.resolve(first) else { return [] }
        let arguments = command.spec.arguments
        var index = request.precedingWords.count - 1
        // An argument that takes the rest of the line keeps completing after its first word (numbers, tags);
        // a source title with spaces completes word by word.
        if let rest = arguments.firstIndex(where: \.takesTheRest), index > rest {
            if [.sources, .sourcesAndQueries].contains(arguments[rest].completion) {
                let typed = request.precedingWords.dropFirst(rest + 1).joined(separator: " ")
                return continuations(of: typed, word: request.word)
            }
            index = rest
        }
        guard index < arguments.count else { return [] }
        // An optional argument may be skipped: what the next one completes is offered too (`list ` offers the
        // marks words and the sources).
        var offered = complete(arguments[index], request)
        if arguments[index].isOptional, index + 1 < arguments.count {
            offered += complete(arguments[index + 1], request).filter { !offered.contains($0) }
        }
        return offered
    }

    /// What `argument` completes; a title or tag with spaces offered for one word is quoted, so that it stays
    /// one (`tag "Daring Fireball" apple`).
    private func complete(_ argument: ArgumentSpec, _ request: CompletionRequest) -> [String] {
        let offered = complete(argument.completion, request)
        guard !argument.takesTheRest || argument.completion == .tags,
            [.sources, .sourcesAndQueries, .tags].contains(argument.completion)
        else { return offered }
        return offered.map { $0.contains(where: \.isWhitespace) ? "\"\($0)\"" : $0 }
    }

    /// The rest of each source title that starts with `typed` words and then `word`, from `word` on.
    private func continuations(of typed: String, word: String) -> [String] {
        let prefix = (typed + " " + word).lowercased()
        return context.sourceTitles().map(UserMessage.line).compactMap { title in
            guard title.lowercased().hasPrefix(prefix) else { return nil }
            return String(title.dropFirst(typed.count + 1))
        }
    }

    private func complete(_ completion: ArgumentCompletion, _ request: CompletionRequest) -> [String] {
        let word = String(request.word.lowercased().drop { $0 == "\"" })
        var tags: [String] { Array(Set(context.tags().map(UserMessage.line))).sorted() }
        func matching(_ values: [String]) -> [String] { values.filter { $0.lowercased().hasPrefix(word) } }
        switch completion {
        case .commands: return matching(ReplCommands.specs.map(\.name))
        // `#` starts a tag where a source may be named (`list #news`).
        case .sources where word.hasPrefix("#"), .sourcesAndQueries where word.hasPrefix("#"):
            return matching(tags.map { "#" + $0 })
        case .sources: return matching(context.sourceTitles().map(UserMessage.line))
        case .sourcesAndQueries:
            let queries = matching(context.queryNames().map(UserMessage.line))
            return queries + complete(.sources, request).filter { !queries.contains($0) }
        case .ruleNames: return matching(context.ruleNames().map(UserMessage.line))
        case .queryNames: return matching(context.queryNames().map(UserMessage.line))
        case .tags: return matching(tags)
        case .choices(let words): return matching(words)
        case .settingKeys: return matching(SettingValue.keys)
        case .settingValues:
            let key = request.precedingWords.dropFirst().first.map { SettingValue.key(matching: $0.lowercased()) }
            return matching(key.flatMap { $0 }.map(SettingValue.examples(for:)) ?? [])
        case .sourceSettingValues:
            return matching(SetSourceCommand.values(after: request.precedingWords.last?.lowercased() ?? ""))
        case .files: return context.files.candidates(for: request.word)
        case .programs:
            return request.word.contains("/")
                ? context.files.candidates(for: request.word) : context.programs(request.word)
        case .articleNumbers: return matching(context.articleNumbers().map(String.init))
        case .freeText: return []
        }
    }
}
