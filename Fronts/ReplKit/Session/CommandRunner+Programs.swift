import Foundation
import FrontKit
import HTMLText
import ReduxVM
import RssCore
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// What `browse` and `pipe` share: the article read with its text, a program run for it and what its end
/// means, and the mark `open` would make.
extension CommandRunner {
    /// Article `number` of the last list shown, with its text; nil once the reason is said.
    func articleWithText(_ number: Int) -> ArticleSnapshot? {
        guard let id = article(number) else { return nil }
        switch waiter.article(id) {
        case .success(let article?): return article
        case .success(nil): console.error(ProblemText.message(.articleGone(id), sources: state.sources))
        case .failure(let problem): console.error(ProblemText.message(problem, sources: state.sources))
        }
        return nil
    }

    /// The article as a pipe gets it: what `open` prints, as plain lines of at most 72 columns.
    func plainText(of article: ArticleSnapshot) -> String {
        let source = state.sources[article.sourceID].map { UserMessage.line($0.title) } ?? "?"
        let shown = ArticleProps.Article(
            id: article.id, title: UserMessage.line(article.title), source: source, date: article.date,
            author: article.author.map(UserMessage.line), link: article.link.map { UserMessage.line($0.absoluteString) },
            body: article.body?.text ?? HTMLDocumentText(html: ""),
            enclosures: article.enclosure.map { [UserMessage.line($0.url.absoluteString)] } ?? [],
            isStarred: article.isStarred,
            text: article.body.map { ArticlePresenter.textShown($0, link: article.link) } ?? .feed(.feedSummary))
        return views.article.lines(for: shown, width: 72, styler: .plain).joined(separator: "\n") + "\n"
    }

    /// Runs `arguments` with `input` on its standard input; true when it exited with status 0, else false once
    /// it is said how it ended. A missing program is thrown, for a caller that has others to try.
    func run(_ arguments: [String], input: String?) throws(ExternalProgram.Failure) -> Bool {
        let name = UserMessage.line(arguments[0])
        let outcome = try ExternalProgram(arguments: arguments, environment: console.environment).run(input: input)
        switch outcome {
        case .exited(0): return true
        case .exited(let status): console.error("\(name) exited with status \(status)")
        case .killed(let signal): console.error("\(name) was ended by signal \(signal) (\(Self.signalName(signal)))")
        }
        return false
    }

    /// Says why `program` could not be run.
    func report(_ failure: ExternalProgram.Failure, running program: String) {
        let name = UserMessage.line(program)
        if failure.code == ENOENT {
            console.error("no program “\(name)” found in PATH")
        } else {
            console.error("cannot run \(name): \(String(cString: strerror(failure.code)).lowercased())")
        }
    }

    /// Marks article `id` read, as opening it would (RssCore's `SetRead`), and waits for the lists to show it.
    func markReadAsOpened(_ id: UUID) {
        store.dispatch(SetRead(ids: [id], isRead: true))
        waiter.until { $0.listsSettled }
    }

    private static func signalName(_ signal: Int32) -> String {
        strsignal(signal).map { String(cString: $0).lowercased() } ?? "signal \(signal)"
    }
}
