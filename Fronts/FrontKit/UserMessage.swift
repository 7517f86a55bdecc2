import Foundation
import TerminalText

/// How both fronts show a problem: one line, `error: ` and the reason, with nothing a terminal would act on.
public enum UserMessage {
    /// `error: <reason>`, sanitised to one line.
    public static func error(_ reason: String) -> String {
        "error: " + reason.sanitizedForTerminal()
    }

    /// Untrusted one-line text (titles, source names, messages) made safe for a terminal.
    public static func line(_ text: String) -> String {
        text.sanitizedForTerminal().trimmingCharacters(in: .whitespaces)
    }
}
