import Foundation

/// The icon a feed declares, as a source keeps it: resolved against the feed's address, `http(s)` only, at most
/// 2,048 characters; nil for anything else (a `data:` or `javascript:` address, a file, text that is no address).
enum FeedIcon {
    static func address(_ declared: String?, feed: String) -> String? {
        guard let declared = declared?.trimmingCharacters(in: .whitespacesAndNewlines), !declared.isEmpty,
            declared.utf8.count <= 2_048,
            let url = URL(string: declared, relativeTo: URL(string: feed))?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url.absoluteString
    }
}
