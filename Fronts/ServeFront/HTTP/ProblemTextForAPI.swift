import FrontKit
import RssCore

/// RssCore's problems in the words every front uses, for an API answer: sources are named by nothing but
/// what the problem holds (a server's answer goes to another program, not to a terminal).
enum ProblemTextForAPI {
    static func message(_ problem: RssProblem) -> String {
        ProblemText.message(problem, sources: SourcesState())
    }

    /// A feed an import did not follow: `ADDRESS: REASON`.
    static func refusedFeed(_ feed: RefusedFeed) -> String {
        "\(feed.address): \(ProblemText.address(feed.refusal))"
    }

    /// The feeds an import did not follow, each with why, in one line.
    static func refusals(_ outcome: OPMLImport) -> String {
        let count = outcome.refused.count
        let listed = outcome.refused.map(refusedFeed).joined(separator: "; ")
        return count == 0
            ? "the OPML document lists no feed" : "\(count) feed\(count == 1 ? " was" : "s were") not followed: \(listed)"
    }
}

extension OPMLImport {
    /// Whether no feed it lists is followed now: none added, none followed already.
    var followedNothing: Bool { added == 0 && alreadyFollowed == 0 }
}
