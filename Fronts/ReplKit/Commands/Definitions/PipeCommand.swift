import FrontKit
import RssCore

/// `pipe N COMMAND [ARG…]`: writes article N as text to a program's standard input (`pipe 3 less`,
/// `pipe 3 mail -s "to read" me@example.org`), and marks the article read as `open` does.
struct PipeCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "pipe",
        arguments: [
            .articleNumber, ArgumentSpec(name: "COMMAND", arity: .required, completion: .programs),
            ArgumentSpec(name: "ARG", arity: .optionalRepeating, completion: .files),
        ],
        summary: "send article N as text to a command (pipe 3 less)",
        details: """
            N is a number from the last list shown. The article goes as `open` shows it, in plain lines of 72 \
            columns with its links listed. COMMAND is looked up in PATH and runs with the words after it as its \
            arguments, quoted as on this command line, never through a shell (write `pipe 3 sh -c '…'` \
            when you want one). The article is marked read once the command exits successfully.
            """)

    let number: Int
    /// The program and its arguments.
    let command: [String]

    init(number: Int, command: [String]) {
        self.number = number
        self.command = command
    }

    init(words: [String]) throws(CommandError) {
        guard words.count >= 2 else { throw Self.usage("an article number and a command expected") }
        number = try Self.articleNumber([words[0]])
        command = Array(words.dropFirst())
    }

    func run(in session: CommandRunner) {
        guard let article = session.articleWithText(number) else { return }
        do throws(ExternalProgram.Failure) {
            guard try session.run(command, input: session.plainText(of: article)) else { return }
            session.markReadAsOpened(article.id)
            session.console.print("piped \(number) to \(UserMessage.line(command[0])): \(UserMessage.line(article.title))")
        } catch {
            session.report(error, running: command[0])
        }
    }
}
