public import Foundation

/// Takes user names and passwords out of text that is shown, logged or kept in a message: the one place
/// that decides what a credential looks like.
///
/// A feed address may carry credentials (`https://ann:secret@example.org/feed`); RssCore sends them in an
/// `Authorization` header and stores them with the source, but no notice, error message or log line repeats
/// them.
public enum CredentialRedaction {
    /// `text` with the user information of every URL in it removed (`https://ann:secret@host/` becomes
    /// `https://host/`) and, when `url` is given, its user name and password replaced by `***` wherever else
    /// they occur (an HTTP library may quote them on their own).
    public static func redact(_ text: String, secretsOf url: URL? = nil) -> String {
        var result = removingUserInfo(from: text)
        guard let url else { return result }
        let secrets = [url.password, url.user, url.password(percentEncoded: false), url.user(percentEncoded: false)]
        for case let secret? in secrets where secret.count >= 3 {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }

    /// `url` as it may be shown: its string with the user information removed.
    public static func redact(_ url: URL) -> String {
        redact(url.absoluteString, secretsOf: url)
    }

    /// Drops `userinfo@` after each `://`: the authority ends at the first `/`, `?`, `#`, space or quote, and
    /// the user information at its last `@`.
    private static func removingUserInfo(from text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var output = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            output += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            let authorityEnd =
                rest.firstIndex { "/?#\"'<> \t\r\n".contains($0) } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") {
                rest = rest[rest.index(after: at)...]
            }
        }
        return output + rest
    }
}
