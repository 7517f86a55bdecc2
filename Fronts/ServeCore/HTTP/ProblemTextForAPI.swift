import FrontKit
package import RssCore

/// RssCore's problems in the words every front uses, for an API answer: sources are named by nothing but
/// what the problem holds (a server's answer goes to another program, not to a terminal).
package enum ProblemTextForAPI {
    package static func message(_ problem: RssProblem) -> String {
        if let address = privateFailure(problem) { return privateNetworkAnswer(address) }
        return ProblemText.message(problem, sources: SourcesState())
    }

    /// What is answered, whatever went wrong, about an address on a private network the server may reach (its
    /// owner's `--allow-private`): a closed port, an open one that is no web server, a page that is no feed all
    /// get these words, so that nobody learns from the answers which of the owner's hosts and ports answer. The
    /// server's log has what happened.
    package static func privateNetworkAnswer(_ address: String) -> String {
        "no feed could be read at \(address): it is on a private network this server may reach, and what went wrong "
            + "there is told to the server's owner only"
    }

    /// A source's last fetch failure, as a feed's status shows it (Miniflux's `parsing_error_message`,
    /// Nextcloud's `lastUpdateError`); one on a private network in the same words whatever it was.
    package static func fetch(_ error: FetchError) -> String {
        guard error.isOnPrivateNetwork else { return ProblemText.fetch(error) }
        return "FETCH: could not be read at an address on a private network this server may reach (what went wrong "
            + "there is told to the server's owner only)"
    }

    /// The address of a failure that happened on such a network, if `problem` is one.
    private static func privateFailure(_ problem: RssProblem) -> String? {
        switch problem {
        case .noFeed(let page, let error) where error.isOnPrivateNetwork: page
        case .fullText(_, .fetch(let error)) where error.isOnPrivateNetwork: "the article's page"
        default: nil
        }
    }

    /// A feed an import did not follow: `ADDRESS: REASON`.
    package static func refusedFeed(_ feed: RefusedFeed) -> String {
        "\(feed.address): \(ProblemText.address(feed.refusal))"
    }

    /// The feeds an import did not follow, each with why, in one line.
    package static func refusals(_ outcome: OPMLImport) -> String {
        let count = outcome.refused.count
        let listed = outcome.refused.map(refusedFeed).joined(separator: "; ")
        return count == 0
            ? "the OPML document lists no feed" : "\(count) feed\(count == 1 ? " was" : "s were") not followed: \(listed)"
    }
}

extension OPMLImport {
    /// Whether no feed it lists is followed now: none added, none followed already.
    package var followedNothing: Bool { added == 0 && alreadyFollowed == 0 }
}
