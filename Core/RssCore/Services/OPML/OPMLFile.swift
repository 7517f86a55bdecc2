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
        in document: OPMLDocument, of file: URL
    ) -> [(subscription: OPMLSubscription, url: URL)] {
        var seen = Set<URL>()
        return document.subscriptions.compactMap { subscription in
            guard let url = URL(string: subscription.xmlURL, relativeTo: file)?.absoluteURL,
                case .success(let valid) = SourceURL.validate(url),
                seen.insert(valid).inserted
            else { return nil }
            return (subscription, valid)
        }
    }
}
