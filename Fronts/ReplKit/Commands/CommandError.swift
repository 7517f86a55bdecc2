import TerminalText

/// Why a typed line could not be run; rendered as one line.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String, suggestion: String?)
    case ambiguous(String, [String])
    /// A command given the wrong words: what is wrong, and the command's usage line.
    case usage(String, String)
    case invalid(String)

    /// The message, without the `error: ` prefix.
    public var description: String {
        switch self {
        case .unknownCommand(let typed, _) where typed.sanitizedForTerminal().isEmpty:
            "unknown command (help lists the commands)"
        case .unknownCommand(let typed, let suggestion?):
            "unknown command “\(typed)”; did you mean “\(suggestion)”? (help lists the commands)"
        case .unknownCommand(let typed, nil):
            "unknown command “\(typed)” (help lists the commands)"
        case .ambiguous(let typed, let names):
            "“\(typed)” could be \(names.joined(separator: ", ")); type more of it"
        case .usage(let usage, let problem):
            "\(problem); usage: \(usage)"
        case .invalid(let message):
            message
        }
    }
}
