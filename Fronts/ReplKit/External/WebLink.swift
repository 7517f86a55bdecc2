import Foundation

/// A link `browse` may hand to a browser: http or https with a host. Any other scheme (`javascript:`, `file:`,
/// `data:`, a custom handler) is refused: a feed's author chooses its links, and a browser or `xdg-open`
/// would act on them.
enum WebLink {
    /// The text to pass for `url`, or nil when it is not a web address.
    static func text(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url.absoluteString
    }
}
