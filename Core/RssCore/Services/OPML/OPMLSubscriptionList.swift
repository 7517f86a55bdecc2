public import Foundation

/// The feeds an OPML file lists, so that a front can tell which of its sources came from one file.
public enum OPMLSubscriptionList {
    /// The feed URLs of `file` that ``ImportOPML`` would follow, in document order, without duplicates, in the
    /// form the sources keep them (so they compare equal to ``Source/url``).
    public static func feedURLs(in file: URL) throws(RssProblem) -> [URL] {
        do throws(FileProblem) {
            return OPMLFile.subscriptions(in: try OPMLFile.read(file), of: file).map(\.url)
        } catch {
            throw .importFailed(file: file.path, error)
        }
    }
}
