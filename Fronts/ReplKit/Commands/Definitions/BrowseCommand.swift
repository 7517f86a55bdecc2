import Foundation
import FrontKit
import HTMLText
import RssCore

/// `browse N [K]`: opens article N's link, or link K of its text, in a browser, and marks the article read as
/// `open` does.
struct BrowseCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "browse",
        arguments: [.articleNumber, ArgumentSpec(name: "K", arity: .optional, completion: .freeText)],
        summary: "open article N's link, or link K of its text, in a browser",
        details: """
            N is a number from the last list shown; K a link number as `open N` shows them ([1], [2] …). The \
            browser is $BROWSER (commands separated by “:”, tried in order; the link replaces %s, else comes \
            last), else xdg-open. The link is given to it as one argument, never through a shell, and only \
            http and https links are opened. The REPL waits for the browser to exit (a terminal browser such as \
            w3m has the terminal meanwhile) and then marks the article read, if the browser succeeded.
            """)

    let number: Int
    /// The link of the article's text to open; nil for the article's own link.
    let link: Int?

    init(number: Int, link: Int? = nil) {
        self.number = number
        self.link = link
    }

    init(words: [String]) throws(CommandError) {
        guard (1...2).contains(words.count) else { throw Self.usage("an article number, and a link number or none") }
        number = try Self.articleNumber([words[0]])
        guard words.count == 2 else {
            link = nil
            return
        }
        guard let link = Int(words[1]), link > 0 else { throw Self.usage("“\(words[1])” is not a link number") }
        self.link = link
    }

    func run(in session: CommandRunner) {
        guard let article = session.articleWithText(number), let url = target(of: article, session) else { return }
        let shown = UserMessage.line(CredentialRedaction.redact(url))
        guard let text = WebLink.text(of: url) else {
            session.console.error("not opening \(shown): only http and https links are opened")
            return
        }
        let candidates = BrowserCommandLine.candidates(for: text, environment: session.console.environment)
        for arguments in candidates {
            do throws(ExternalProgram.Failure) {
                if try session.run(arguments, input: nil) {
                    session.markReadAsOpened(article.id)
                    session.console.print("opened \(shown)")
                }
                return
            } catch where error.code == ENOENT {
                continue
            } catch {
                session.report(error, running: arguments[0])
                return
            }
        }
        let names = candidates.map { UserMessage.line($0[0]) }.joined(separator: ", ")
        session.console.error("no browser found (tried \(names)); set BROWSER")
    }

    /// The link to open, or nil once it is said why there is none.
    private func target(of article: ArticleSnapshot, _ session: CommandRunner) -> URL? {
        guard let link else {
            if article.link == nil { session.console.error("article \(number) has no link") }
            return article.link
        }
        let links = article.body?.text.links ?? []
        guard link <= links.count else {
            session.console.error("article \(number) has \(links.isEmpty ? "no" : "\(links.count)") links in its text")
            return nil
        }
        guard let url = URL(string: links[link - 1]) else {
            session.console.error("link \(link) of article \(number) is not a URL")
            return nil
        }
        return url
    }
}
