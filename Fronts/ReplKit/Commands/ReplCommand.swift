/// A typed line, parsed: which command, with its arguments checked for shape (not yet against the state).
public enum ReplCommand: Equatable, Sendable {
    case help(CommandName?)
    case sources
    case add(url: String, tags: [String])
    case remove(source: String)
    case enable(source: String)
    case disable(source: String)
    case refresh(source: String?)
    case list(marks: String?, source: String?)
    case next, prev
    case open(Int)
    case star(Int), unstar(Int)
    case read([Int]), unread([Int])
    case markAllRead(source: String?)
    case search(String)
    case importOPML(path: String)
    case exportOPML(path: String?)
    case switchList
    case set(key: String, value: String)
    case showSettings
    case quit

    /// The marks words `list` understands.
    static let marksWords = ["unread", "starred", "all"]

    /// Parses `line`; nil for a blank line.
    public static func parse(_ line: String) -> Result<ReplCommand, CommandError>? {
        let words = CommandWords.split(line)
        guard let first = words.first else { return nil }
        switch CommandName.resolve(first) {
        case .failure(let error): return .failure(error)
        case .success(let name): return parse(name, Array(words.dropFirst()))
        }
    }

    static func parse(_ name: CommandName, _ args: [String]) -> Result<ReplCommand, CommandError> {
        let rest = args.isEmpty ? nil : args.joined(separator: " ")
        func none(_ command: ReplCommand) -> Result<ReplCommand, CommandError> {
            args.isEmpty ? .success(command) : .failure(.usage(name, "\(name.rawValue) takes no argument"))
        }
        func needsSource(_ make: (String) -> ReplCommand) -> Result<ReplCommand, CommandError> {
            guard let rest else { return .failure(.usage(name, "which source?")) }
            return .success(make(rest))
        }
        func number(_ make: (Int) -> ReplCommand) -> Result<ReplCommand, CommandError> {
            guard args.count == 1 else { return .failure(.usage(name, "one article number expected")) }
            guard let value = Int(args[0]), value > 0 else {
                return .failure(.usage(name, "“\(args[0])” is not an article number"))
            }
            return .success(make(value))
        }
        switch name {
        case .help:
            guard let topic = args.first else { return .success(.help(nil)) }
            switch CommandName.resolve(topic) {
            case .success(let command): return .success(.help(command))
            case .failure(let error): return .failure(error)
            }
        case .sources: return none(.sources)
        case .add:
            guard let url = args.first else { return .failure(.usage(name, "which feed?")) }
            return .success(.add(url: url, tags: Array(args.dropFirst())))
        case .remove: return needsSource { .remove(source: $0) }
        case .enable: return needsSource { .enable(source: $0) }
        case .disable: return needsSource { .disable(source: $0) }
        case .refresh: return .success(.refresh(source: rest))
        case .list:
            if let first = args.first, marksWords.contains(first.lowercased()) {
                let source = args.count > 1 ? args.dropFirst().joined(separator: " ") : nil
                return .success(.list(marks: first.lowercased(), source: source))
            }
            return .success(.list(marks: nil, source: rest))
        case .next: return none(.next)
        case .prev: return none(.prev)
        case .open: return number { .open($0) }
        case .star: return number { .star($0) }
        case .unstar: return number { .unstar($0) }
        case .read, .unread:
            guard !args.isEmpty else { return .failure(.usage(name, "which articles?")) }
            var numbers: [Int] = []
            for arg in args {
                guard let range = numberRange(arg) else {
                    return .failure(.usage(name, "“\(arg)” is not an article number or range"))
                }
                numbers += range
            }
            return .success(name == .read ? .read(numbers) : .unread(numbers))
        case .markAllRead: return .success(.markAllRead(source: rest))
        case .search:
            guard let rest else { return .failure(.usage(name, "search for what?")) }
            return .success(.search(rest))
        case .import:
            guard args.count == 1 else { return .failure(.usage(name, "one file expected")) }
            return .success(.importOPML(path: args[0]))
        case .export:
            guard args.count <= 1 else { return .failure(.usage(name, "one file at most")) }
            return .success(.exportOPML(path: args.first))
        case .switch: return none(.switchList)
        case .set:
            if args.isEmpty { return .success(.showSettings) }
            guard args.count == 2 else { return .failure(.usage(name, "a key and a value expected")) }
            return .success(.set(key: args[0].lowercased(), value: args[1].lowercased()))
        case .quit: return none(.quit)
        }
    }

    /// `3` or `2-5` (at most 500 numbers, so nothing typed can ask for millions).
    static func numberRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let value = Int(parts[0]), value > 0 { return value...value }
        guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), low > 0, high >= low,
            high - low < 500
        else { return nil }
        return low...high
    }
}
