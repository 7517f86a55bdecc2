#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import ServeCore

/// Reads a new password: from the terminal without echo, asked twice; or, when standard input is not a
/// terminal, its first line (for scripts: `printf '%s\n' "$PASSWORD" | rss-serve user set NAME`).
enum PasswordPrompt {
    static func read(for name: String) throws(AccountFileProblem) -> String {
        let password: String
        if isatty(STDIN_FILENO) == 1 {
            let first = try ask("Password for \(name): ")
            let second = try ask("Again: ")
            guard first == second else { throw .refused("the two passwords differ") }
            password = first
        } else {
            guard let line = Swift.readLine(strippingNewline: true) else { throw .refused("no password on standard input") }
            password = line
        }
        guard password.count >= PasswordPolicy.minimumLength else {
            throw .refused("a password has at least \(PasswordPolicy.minimumLength) characters")
        }
        guard password.utf8.count <= 72 else { throw .refused("bcrypt uses at most 72 bytes of a password") }
        return password
    }

    /// Asks on standard error with echo off, and puts the terminal back as it was.
    private static func ask(_ prompt: String) throws(AccountFileProblem) -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = Swift.readLine(strippingNewline: true) else { throw .refused("no password given") }
        return line
    }
}
