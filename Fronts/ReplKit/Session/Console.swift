import Foundation
import LineEditor
import FrontKit
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// Where the REPL writes, confined to the terminal's thread: the line editor for output (above the line being
/// typed when there is one), standard error for errors when scripted, colour only when allowed.
final class Console {
    let editor: LineEditor
    let isInteractive: Bool
    let styler: Styler
    /// The REPL's environment (what programs it starts get, and `BROWSER`).
    let environment: [String: String]
    /// Set when a command failed or an error was reported: the exit status of a scripted run.
    var failed = false
    /// True while a command runs: a failed fetch reported meanwhile is one the command asked for.
    var commandRunning = false
    /// True while the user waits for a refresh they asked for: progress is drawn on its own line.
    var foregroundRefresh = false
    private var progressShown = false

    init(editor: LineEditor, environment: [String: String]) {
        self.editor = editor
        self.isInteractive = editor.isInteractive
        self.environment = environment
        self.styler = Styler(for: .standardOutput, environment: environment)
    }

    /// The width to lay text out in: the terminal's, else `COLUMNS`, else 80.
    var width: Int {
        TerminalStream.standardOutput.columns(environment: environment) ?? 80
    }

    /// Prints text (one or more lines).
    func print(_ text: String) {
        clearProgress()
        editor.print(text)
    }

    /// Prints a one-line error and, unless `failsRun` is false, remembers that something failed.
    func error(_ reason: String, failsRun: Bool = true) {
        if failsRun { failed = true }
        let line = UserMessage.error(reason)
        if isInteractive {
            print(styler.color(.red, line))
        } else {
            writeAll(line + "\n", to: 2)
        }
    }

    /// Draws refresh progress in place (interactive only, while the user waits for it).
    func showProgress(_ text: String) {
        guard isInteractive, foregroundRefresh else { return }
        writeAll("\r\u{1B}[K" + text, to: 1)
        progressShown = true
    }

    /// Removes the progress line, if one is drawn.
    func clearProgress() {
        guard progressShown else { return }
        writeAll("\r\u{1B}[K", to: 1)
        progressShown = false
    }

    /// Sets the prompt (interactive only; a scripted run shows none).
    func setPrompt(_ prompt: String) {
        guard isInteractive, editor.prompt != prompt else { return }
        editor.prompt = prompt
    }

    private func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
