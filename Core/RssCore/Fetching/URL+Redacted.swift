import Foundation

extension URL {
    /// The URL as text without its user name and password, for messages and logs.
    var redacted: String {
        guard user != nil || password != nil,
            var components = URLComponents(url: self, resolvingAgainstBaseURL: true)
        else { return absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? "(URL hidden)"
    }

    /// The host a politeness limit applies to, lower-cased; `nil` for local files.
    var politenessKey: String? {
        if isFileURL { return nil }
        return host?.lowercased() ?? ""
    }
}
