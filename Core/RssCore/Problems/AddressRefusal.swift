/// Why a feed address is refused before anything is fetched.
public enum AddressRefusal: Error, Sendable, Equatable, Codable {
    /// The text is not a URL (no scheme).
    case notAURL
    /// A web address with no host.
    case noHost
    /// A `file:` URL with no path.
    case noPath
    /// A scheme RssCore does not fetch (only http, https and file are; http and https alone under a restricted
    /// ``AddressPolicy``); the scheme as written.
    case unsupportedScheme(String)
    /// The host is an address (or `localhost`) the ``AddressPolicy`` it was given under does not allow.
    case notAllowed(AddressKind)
    /// A scheme RssCore fetches, but not under the restricted ``AddressPolicy`` it was given under (`file`: only
    /// http and https are); the scheme as written.
    case schemeNotAllowed(String)
}
