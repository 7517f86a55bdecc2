import FeedParser
import Foundation

/// Reading an OPML file the user named: the one way ``ImportOPML`` and ``OPMLSubscriptionList`` read one.
enum OPMLFile {
    /// The largest OPML file read: far above any real subscription list, far below what would hurt.
    static let maximumBytes = 16 * 1024 * 1024

    /// The document in `file`, or why it cannot be read as one: a regular file only (a FIFO would block, a
    /// device never end), within the size limit, and OPML.
    static func read(_ file: URL) throws(FileProblem) -> OPMLDocument {
        let info: stat
        switch FileProblem.readableRegularFile(file.path) {
        case .success(let found): info = found
        case .failure(let problem): throw problem
        }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw FileProblem(error)
        }
        return try parse(data)
    }

    /// The document `data` holds, or why it is none (too large, not OPML).
    static func parse(_ data: Data) throws(FileProblem) -> OPMLDocument {
        guard data.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        var options = FeedParser.Options()
        options.maxInputBytes = maximumBytes
        do throws(FeedParseError) {
            return try OPMLReader(options: options).read(data)
        } catch {
            throw .notOPML(error)
        }
    }

    /// The feeds `document` lists that a source can follow, in document order, without duplicates, as sources
    /// keep their addresses; entries whose address is refused are left out.
    ///
    /// A relative address (`Samples/qemu.atom`) is relative to `file`, the OPML file itself, as a relative
    /// link in any document is: so a list shipped beside its feeds names them without knowing where it lies.
    static func subscriptions(
        in document: OPMLDocument, of file: URL?, policy: AddressPolicy = .unrestricted
    ) -> [(subscription: OPMLSubscription, url: URL)] {
        judged(document, of: file, policy: policy).followable
    }

    /// The feeds `document` lists, as ``subscriptions(in:of:policy:)`` gives them, and those whose address
    /// `policy` refuses (or that are no address), each once, with why.
    static func judged(
        _ document: OPMLDocument, of file: URL?, policy: AddressPolicy
    ) -> (followable: [(subscription: OPMLSubscription, url: URL)], refused: [RefusedFeed]) {
        var seen = Set<URL>()
        var refusedSeen = Set<String>()
        var followable: [(subscription: OPMLSubscription, url: URL)] = []
        var refused: [RefusedFeed] = []
        for subscription in document.subscriptions {
            switch judge(subscription.xmlURL, in: file, policy: policy) {
            case .followable(let valid):
                if seen.insert(valid).inserted { followable.append((subscription, valid)) }
            case .refused(let refusal):
                if refusedSeen.insert(refusal.address).inserted { refused.append(refusal) }
            }
        }
        return (followable, refused)
    }

    /// The tags of each feed `document` lists: the folders it sits in and its categories, gathered from every
    /// place it appears (an export lists a feed in the folder of each of its tags), in document order, each once.
    static func tags(in document: OPMLDocument, of file: URL?, policy: AddressPolicy = .unrestricted) -> [URL: [String]] {
        var tags: [URL: [String]] = [:]
        func visit(_ outlines: [OPMLOutline], folders: [String]) {
            for outline in outlines {
                if let feed = outline.xmlURL.flatMap({ address($0, in: file, policy: policy) }) {
                    var known = tags[feed, default: []]
                    for tag in folders + outline.categories where !known.contains(tag) { known.append(tag) }
                    tags[feed] = known
                }
                visit(outline.children, folders: outline.isFeed ? folders : folders + [outline.displayName])
            }
        }
        visit(document.outlines, folders: [])
        return tags
    }

    /// A feed address as an OPML file writes it, as a source keeps it; nil when a source under `policy` could
    /// not follow it (or it is relative, in a document that is no file).
    private static func address(_ xmlURL: String, in file: URL?, policy: AddressPolicy) -> URL? {
        guard case .followable(let url) = judge(xmlURL, in: file, policy: policy) else { return nil }
        return url
    }

    /// What becomes of a feed address an OPML file lists.
    private enum Judgement {
        /// A source follows it at this address.
        case followable(URL)
        /// No source under the policy may follow it.
        case refused(RefusedFeed)
    }

    /// A feed address as an OPML file writes it, as a source keeps it, or why a source under `policy` could not
    /// follow it.
    private static func judge(_ xmlURL: String, in file: URL?, policy: AddressPolicy) -> Judgement {
        guard let url = URL(string: xmlURL, relativeTo: file)?.absoluteURL else {
            return .refused(RefusedFeed(address: CredentialRedaction.redact(String(xmlURL.prefix(300))), refusal: .notAURL))
        }
        switch SourceURL.validate(url, policy: policy) {
        case .success(let valid): return .followable(valid)
        case .failure(let refusal): return .refused(RefusedFeed(address: SourceURL.display(url), refusal: refusal))
        }
    }
}
