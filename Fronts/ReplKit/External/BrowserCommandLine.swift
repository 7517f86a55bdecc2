import Foundation

/// How `browse` opens a link: the programs `$BROWSER` names, else `xdg-open`.
///
/// `$BROWSER` is a list of commands separated by `:` (the convention `sensible-browser` follows), tried in
/// order until one is found; each command is split into words at spaces, never read by a shell, and the link
/// replaces a `%s` in it or else comes last, as one argument.
enum BrowserCommandLine {
    /// The command lines to try for `link`, in order.
    static func candidates(for link: String, environment: [String: String]) -> [[String]] {
        let commands = (environment["BROWSER"] ?? "").split(separator: ":").map {
            $0.split(whereSeparator: \.isWhitespace).map(String.init)
        }.filter { !$0.isEmpty }
        guard !commands.isEmpty else { return [["xdg-open", link]] }
        return commands.map { words in
            words.contains { $0.contains("%s") }
                ? words.map { $0.replacingOccurrences(of: "%s", with: link) } : words + [link]
        }
    }
}
