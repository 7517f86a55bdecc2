import Foundation

/// The rules for a feed address: what is accepted, and how it is shown without credentials.
enum SourceURL {
    /// Accepts http and https URLs with a host, and file URLs with a path; returns the URL to store.
    static func validate(_ url: URL) -> Result<URL, AddressRefusal> {
        guard let scheme = url.scheme?.lowercased() else { return .failure(.notAURL) }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { return .failure(.noHost) }
            return .success(url)
        case "file":
            guard !url.path.isEmpty else { return .failure(.noPath) }
            return .success(url.standardizedFileURL)
        default:
            return .failure(.unsupportedScheme(scheme))
        }
    }

    /// The URL as a user may see it: user and password removed.
    static func display(_ url: URL) -> String {
        CredentialRedaction.redact(url)
    }

    /// A title to show until the feed says its own: the host, or the file name.
    static func provisionalTitle(_ url: URL?) -> String {
        guard let url else { return "untitled" }
        if url.isFileURL { return url.deletingPathExtension().lastPathComponent }
        return url.host ?? url.absoluteString
    }
}
