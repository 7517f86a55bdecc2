import FeedParser
public import Foundation

/// The feeds an OPML file lists, so that a front can tell which of its sources came from one file.
public enum OPMLSubscriptionList {
    /// The feed URLs of `file` that ``ImportOPML`` would follow, in document order, without duplicates, in the
    /// form the sources keep them (so they compare equal to ``Source/url``).
    public static func feedURLs(in file: URL) throws(OPMLSubscriptionList.ReadError) -> [URL] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ReadError(description: "cannot read \(file.path): no such file or not readable")
        }
        let document: OPMLDocument
        do throws(FeedParseError) {
            document = try OPMLReader().read(data)
        } catch {
            throw ReadError(description: "cannot import \(file.path): \(error.description)")
        }
        var seen = Set<URL>()
        return document.subscriptions.compactMap { subscription in
            guard let url = URL(string: subscription.xmlURL), case .success(let valid) = SourceURL.validate(url),
                seen.insert(valid).inserted
            else { return nil }
            return valid
        }
    }

    /// Why an OPML file could not be read; one line for the user.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The message a front prints.
        public let description: String
    }
}
