public import Foundation

/// What became of a command dispatched with a ``CommandTicket``.
public enum CommandOutcome: Sendable, Equatable, Codable {
    /// It did what it asked, and the database has it (marks stored, a setting changed).
    case done
    /// A source was added, stored with this id (its first fetch goes on: its status says how it went).
    case sourceAdded(UUID)
    /// An OPML import read its document (``ImportOPML``).
    case imported(OPMLImport)
    /// An OPML export wrote this many sources (``ExportOPML``).
    case exported(sources: Int)
    /// A rule applied on demand changed this many articles (``ApplyRule``).
    case ruleApplied(articles: Int)
    /// The pages of a ``FetchFullText`` were fetched: how many gave a text (stored, or unchanged since), and the
    /// problem of each that gave none, in the order the articles were named.
    case fullText(stored: Int, problems: [RssProblem])
    /// The command failed: nothing of it was done (a problem posted as a notice as well).
    case failed(RssProblem)

    /// The problem, when the command failed.
    public var problem: RssProblem? {
        if case .failed(let problem) = self { return problem }
        return nil
    }
}

/// What an OPML import did with the feeds its document lists.
public struct OPMLImport: Sendable, Equatable, Codable {
    /// Feeds followed now.
    public let added: Int
    /// Feeds followed already, left alone.
    public let alreadyFollowed: Int
    /// Feeds not followed, each with why (an address the import's ``AddressPolicy`` does not allow, or not a
    /// feed address at all), in document order.
    public let refused: [RefusedFeed]

    /// What an import did: `added` feeds followed, `alreadyFollowed` left alone, `refused` not followed.
    public init(added: Int, alreadyFollowed: Int, refused: [RefusedFeed]) {
        self.added = added
        self.alreadyFollowed = alreadyFollowed
        self.refused = refused
    }
}

/// A feed an import did not follow, and why.
public struct RefusedFeed: Sendable, Equatable, Codable {
    /// The address as the document gives it, without credentials (``FeedAddress/display(_:)``), or the text
    /// itself when it is no address.
    public let address: String
    /// Why it was not followed.
    public let refusal: AddressRefusal

    /// The feed at `address` (shown without credentials), refused for `refusal`.
    public init(address: String, refusal: AddressRefusal) {
        self.address = address
        self.refusal = refusal
    }
}
