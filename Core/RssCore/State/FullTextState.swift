public import Foundation

/// The pages being fetched for their articles' full text because someone asked (``FetchFullText``): what a
/// front waits on before it shows the article.
public struct FullTextState: Sendable, Equatable {
    /// Articles whose page is being fetched, with how many requests wait for each.
    var fetching: [UUID: Int] = [:]

    /// Whether a fetch of `article`'s page that someone asked for is under way.
    public func isFetching(_ article: UUID) -> Bool { fetching[article] != nil }

    /// Whether any fetch someone asked for is under way.
    var isFetchingAny: Bool { !fetching.isEmpty }

    /// Counts a request for `article`'s page.
    mutating func start(_ article: UUID) {
        fetching[article, default: 0] += 1
    }

    /// Counts a request for `article`'s page as over.
    mutating func finish(_ article: UUID) {
        guard let count = fetching[article] else { return }
        fetching[article] = count > 1 ? count - 1 : nil
    }
}
