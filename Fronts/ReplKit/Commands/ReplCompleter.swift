public import LineEditor
import FrontKit
import RssCore

/// What Tab offers: command names first, then per command source titles, marks, setting keys or file paths.
public struct ReplCompleter: Sendable {
    /// The source titles to offer (read from the state when Tab is pressed).
    let sourceTitles: @Sendable () -> [String]
    let files: FilePathCompleter

    /// A completer over `sourceTitles`, completing paths relative to `files`' base directory.
    public init(files: FilePathCompleter = FilePathCompleter(), sourceTitles: @escaping @Sendable () -> [String]) {
        self.files = files
        self.sourceTitles = sourceTitles
    }

    /// The candidates for `request`.
    public func candidates(for request: CompletionRequest) -> [String] {
        let word = request.word.lowercased()
        let commands = CommandName.allCases.map(\.rawValue)
        guard let first = request.precedingWords.first else {
            return commands.filter { $0.hasPrefix(word) }
        }
        guard case .success(let name) = CommandName.resolve(first) else { return [] }
        let argumentIndex = request.precedingWords.count - 1
        let sources = { sourceTitles().map(UserMessage.line).filter { $0.lowercased().hasPrefix(word) } }
        switch name {
        case .help: return argumentIndex == 0 ? commands.filter { $0.hasPrefix(word) } : []
        case .import, .export: return argumentIndex == 0 ? files.candidates(for: request.word) : []
        case .remove, .enable, .disable, .refresh, .markAllRead: return argumentIndex == 0 ? sources() : []
        case .list:
            let marks = argumentIndex == 0 ? ReplCommand.marksWords.filter { $0.hasPrefix(word) } : []
            return marks + sources()
        case .set: return argumentIndex == 0 ? SettingValue.keys.filter { $0.hasPrefix(word) } : []
        default: return []
        }
    }
}
