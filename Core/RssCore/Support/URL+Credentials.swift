import Foundation

/// The user name and password a feed URL may carry: sent in an `Authorization` header, never shown.
extension URL {
    /// The URL without user name and password: what is requested (they go in a header) and what is shown.
    var withoutCredentials: URL {
        guard user != nil || password != nil,
            var components = URLComponents(url: self, resolvingAgainstBaseURL: true)
        else { return self }
        components.user = nil
        components.password = nil
        return components.url ?? self
    }

    /// `Basic …` for a URL with a user name, `nil` otherwise.
    var basicAuthorization: String? {
        guard let user = user(percentEncoded: false) else { return nil }
        let pair = "\(user):\(password(percentEncoded: false) ?? "")"
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }
}
