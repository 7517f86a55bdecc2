import Foundation

/// The rules for a feed address: what is accepted, and how it is shown without credentials.
enum SourceURL {
    /// Accepts http and https URLs with a host, and file URLs with a path (http and https alone, to hosts
    /// that are not an address or name `policy` refuses, under a restricted policy); returns the URL to store.
    /// A host name is only checked where it leads when connecting (``AddressGuard``).
    static func validate(_ url: URL, policy: AddressPolicy = .unrestricted) -> Result<URL, AddressRefusal> {
        guard let scheme = url.scheme?.lowercased() else { return .failure(.notAURL) }
        if !policy.allowsFiles, scheme != "http", scheme != "https" { return .failure(.schemeNotAllowed(scheme)) }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { return .failure(.noHost) }
            if let kind = refusal(ofHost: host, policy: policy) { return .failure(.notAllowed(kind)) }
            return .success(url)
        case "file":
            guard !url.path.isEmpty else { return .failure(.noPath) }
            return .success(url.standardizedFileURL)
        default:
            return .failure(.unsupportedScheme(scheme))
        }
    }

    /// Why `policy` refuses `host` as it is written: an address it does not allow (in any form the resolver
    /// would read as one, ``IPAddress/init(host:)``), or `localhost`; nil when it does not refuse it before
    /// connecting.
    static func refusal(ofHost host: String, policy: AddressPolicy) -> AddressKind? {
        if let address = IPAddress(host: host) { return policy.refusal(of: address) }
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard name == "localhost" || name.hasSuffix(".localhost") else { return nil }
        return policy.refusal(of: IPAddress(bytes: [127, 0, 0, 1]))
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
