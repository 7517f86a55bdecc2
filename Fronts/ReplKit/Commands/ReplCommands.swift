/// Every command of the REPL, and the three things derived from their definitions: resolving what was
/// typed, parsing a line, and (see ``ReplCompleter``) completing one.
enum ReplCommands {
    /// The commands, in the order `help` lists them.
    static let all: [any ReplCommand.Type] = [
        HelpCommand.self, SourcesCommand.self, AddCommand.self, RemoveCommand.self, EnableCommand.self,
        DisableCommand.self, TagCommand.self, UntagCommand.self, RefreshCommand.self, ListCommand.self,
        SortCommand.self, NextCommand.self, PrevCommand.self, OpenCommand.self, FullCommand.self, BrowseCommand.self,
        PipeCommand.self,
        StarCommand.self, UnstarCommand.self, ReadCommand.self,
        UnreadCommand.self, MarkAllReadCommand.self, SearchCommand.self, ImportCommand.self, ExportCommand.self,
        SwitchCommand.self, SetCommand.self, SetSourceCommand.self, RuleCommand.self, QueryCommand.self,
        QuitCommand.self,
    ]

    /// Every name and alias, in `all`'s order.
    static var names: [String] { specs.flatMap(\.names) }

    /// Every command's definition, in `all`'s order.
    static var specs: [CommandSpec] { all.map { command in command.spec } }

    /// The command `typed` names: an exact name or alias, else the only command one of whose names it starts.
    static func resolve(_ typed: String) -> Result<any ReplCommand.Type, CommandError> {
        let word = typed.lowercased()
        if let exact = all.first(where: { $0.spec.names.contains(word) }) { return .success(exact) }
        let matches = all.filter { command in command.spec.names.contains { $0.hasPrefix(word) } }
        if matches.count == 1 { return .success(matches[0]) }
        if matches.count > 1 { return .failure(.ambiguous(typed, matches.map { command in command.spec.name })) }
        return .failure(.unknownCommand(typed, suggestion: closest(to: word)))
    }

    /// Parses `line` into a command ready to run; nil for a blank line.
    static func parse(_ line: String) -> Result<any ReplCommand, CommandError>? {
        let words = CommandWords.split(line)
        guard let first = words.first else { return nil }
        switch resolve(first) {
        case .failure(let error): return .failure(error)
        case .success(let command):
            do throws(CommandError) {
                return .success(try command.init(words: Array(words.dropFirst()), typed: TypedText.dropping(1, from: line)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The name nearest to `word` by edit distance, when near enough to be a likely typo.
    static func closest(to word: String) -> String? {
        let scored = names.map { ($0, EditDistance.between(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 2) ? best.0 : nil
    }
}

/// Levenshtein distance, for suggesting the command a typo meant.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64))
        let b = Array(b.prefix(64))
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
