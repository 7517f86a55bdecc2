import Foundation

/// An address a page may put in `href` or `src`: a page of this server (a path), or an `http`/`https`
/// address elsewhere. Anything else (`javascript:`, `data:`, `file:`, a protocol-relative `//host`) has no
/// link, so no template can write one.
struct WebLink: Sendable, Equatable {
    /// The address as the attribute holds it, before escaping.
    let text: String

    /// A page of this server: `path` must start with one `/`, and may carry a query.
    init(path: String) {
        precondition(path.hasPrefix("/") && !path.hasPrefix("//"), "a server path starts with one slash")
        text = path
    }

    /// `url`, when it is an `http` or `https` address with a host; nil otherwise.
    init?(external url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        text = url.absoluteString
    }

    /// The address `text` names, when it is one ``init(external:)`` takes.
    init?(external text: String) {
        guard let url = URL(string: text) else { return nil }
        self.init(external: url)
    }

    /// A server path with its query: `parameters` in order, each name and value percent-encoded, empty values
    /// left out.
    init(path: String, query parameters: [(String, String?)]) {
        let pairs = parameters.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return Self.encode(name) + "=" + Self.encode(value)
        }
        self.init(path: pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&"))
    }

    /// `text` percent-encoded for a query's name or value.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? ""
    }

    private static let queryValueCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
