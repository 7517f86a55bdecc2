public import Foundation

/// The pages being fetched for their articles' full text because someone asked (``FetchFullText``): what a
/// front waits on before it shows the article.
public struct FullTextState: Sendable, Equatable {
    /// Articles whose page is being fetched, with how many requests wait for each.
    var fetching: [UUID: Int] = [:]
    /// The requests made with a ticket, oldest first: what each still waits for, and what the rest gave.
    var waiting: [Waiting] = []

    /// A request made with a ticket, under way.
    struct Waiting: Sendable, Equatable {
        let ticket: CommandTicket
        /// Its articles not over yet (an article named twice, twice).
        var left: [UUID]
        var stored = 0
        var problems: [RssProblem] = []
    }

    /// Whether a fetch of `article`'s page that someone asked for is under way.
    public func isFetching(_ article: UUID) -> Bool { fetching[article] != nil }

    /// Whether any fetch someone asked for is under way.
    var isFetchingAny: Bool { !fetching.isEmpty }

    /// Counts a request for `article`'s page.
    mutating func start(_ article: UUID) {
        fetching[article, default: 0] += 1
    }

    /// Notes how `article`'s page ended for the oldest request with a ticket that waits for it; when that was
    /// its last article, returns its ticket and outcome (and forgets it).
    mutating func record(_ outcome: FullTextOutcome, of article: UUID) -> (CommandTicket, CommandOutcome)? {
        guard let index = waiting.firstIndex(where: { $0.left.contains(article) }),
            let position = waiting[index].left.firstIndex(of: article)
        else { return nil }
        waiting[index].left.remove(at: position)
        switch outcome {
        case .stored, .unchanged: waiting[index].stored += 1
        case .failed(let problem): waiting[index].problems.append(.fullText(article: article, problem))
        case .gone: waiting[index].problems.append(.articleGone(article))
        case .databaseFailed(let problem): waiting[index].problems.append(.database(problem))
        case .feedIsWhole, .notNeeded, .cancelled: break
        }
        guard waiting[index].left.isEmpty else { return nil }
        let done = waiting.remove(at: index)
        return (done.ticket, .fullText(stored: done.stored, problems: done.problems))
    }

    /// Counts a request for `article`'s page as over.
    mutating func finish(_ article: UUID) {
        guard let count = fetching[article] else { return }
        fetching[article] = count > 1 ? count - 1 : nil
    }
}
