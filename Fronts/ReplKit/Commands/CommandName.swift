/// Every command the REPL knows, with its usage line and help text.
public enum CommandName: String, CaseIterable, Sendable {
    case help, sources, add, remove, enable, disable, refresh, list, next, prev, open, star, unstar, read, unread
    case markAllRead = "mark-all-read"
    case search
    case `import`
    case export, `switch`, set, quit

    /// How to call it.
    public var usage: String {
        switch self {
        case .help: "help [COMMAND]"
        case .sources: "sources"
        case .add: "add URL [TAG…]"
        case .remove: "remove SOURCE"
        case .enable: "enable SOURCE"
        case .disable: "disable SOURCE"
        case .refresh: "refresh [SOURCE]"
        case .list: "list [unread|starred|all] [SOURCE]"
        case .next: "next"
        case .prev: "prev"
        case .open: "open N"
        case .star: "star N"
        case .unstar: "unstar N"
        case .read: "read N…"
        case .unread: "unread N…"
        case .markAllRead: "mark-all-read [SOURCE]"
        case .search: "search TEXT"
        case .import: "import FILE"
        case .export: "export [FILE]"
        case .switch: "switch"
        case .set: "set [KEY VALUE]"
        case .quit: "quit"
        }
    }

    /// One line saying what it does.
    public var summary: String {
        switch self {
        case .help: "list the commands, or explain one"
        case .sources: "show the sources, numbered, with unread counts and fetch status"
        case .add: "follow a feed (http, https or file URL, or a file path), filed under tags"
        case .remove: "stop following a source and forget its articles"
        case .enable: "refresh a disabled source again"
        case .disable: "keep a source but stop refreshing it"
        case .refresh: "fetch every enabled source, or one; Ctrl-C cancels"
        case .list: "show the active list, filtered by marks and source"
        case .next: "show the next page of the active list"
        case .prev: "show the previous page of the active list"
        case .open: "read article N of the last list shown (marks it read)"
        case .star: "star article N"
        case .unstar: "unstar article N"
        case .read: "mark articles read (numbers or ranges like 2-5)"
        case .unread: "mark articles unread (numbers or ranges like 2-5)"
        case .markAllRead: "mark every article read, of one source or of all"
        case .search: "show the articles matching TEXT (titles and bodies)"
        case .import: "follow the feeds of an OPML file"
        case .export: "write the sources to an OPML file (default rss-reeder.opml)"
        case .switch: "make the other of the two lists the active one"
        case .set: "show the settings, or change one"
        case .quit: "leave (Ctrl-D does too)"
        }
    }

    /// More for `help COMMAND`, beyond usage and summary.
    public var details: String? {
        switch self {
        case .remove, .enable, .disable, .refresh, .markAllRead:
            "SOURCE is a number from `sources`, a title (or its start) or a URL."
        case .list:
            "With no argument the list is shown as it is. A SOURCE alone keeps the marks filter; marks alone show every source."
        case .open, .star, .unstar, .read, .unread:
            "N is a number from the last list shown."
        case .set:
            "Keys: refresh-interval SECONDS|off (60 s to 30 days; 30m, 2h work too), page-size N (1-500), retention-days N|off, retention-per-source N|off."
        case .help:
            "Commands can be shortened to any unambiguous prefix: `l` for list, `mark` for mark-all-read."
        default:
            nil
        }
    }

    /// Resolves what was typed: an exact name, else the only command it is a prefix of.
    public static func resolve(_ typed: String) -> Result<CommandName, CommandError> {
        let word = typed.lowercased()
        if let exact = CommandName(rawValue: word) { return .success(exact) }
        let matches = allCases.filter { $0.rawValue.hasPrefix(word) }
        if matches.count == 1 { return .success(matches[0]) }
        if matches.count > 1 {
            return .failure(.ambiguous(typed, matches.map(\.rawValue)))
        }
        return .failure(.unknownCommand(typed, suggestion: closest(to: word)?.rawValue))
    }

    /// The command nearest to `word` by edit distance, when it is near enough to be a likely typo.
    static func closest(to word: String) -> CommandName? {
        let scored = allCases.map { ($0, EditDistance.between(word, $0.rawValue)) }
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
