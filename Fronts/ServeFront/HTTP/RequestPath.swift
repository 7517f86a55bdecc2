import Foundation
import ServeCore

/// The path a request is routed by, made from the one the client sent, so that an address typed as apps ask
/// for it reaches the API:
///
/// - runs of slashes are one (`http://host:7070/` + `/accounts/ClientLogin`, as newsboat joins them);
/// - FreshRSS's base path, anything up to `greader.php` (`/api/greader.php/reader/api/0/…`, which Read You
///   asks users to type and RSS Guard's "FreshRSS" account always adds), is dropped;
/// - `/apps/news/api/…` is read as `/index.php/apps/news/api/…`, as Nextcloud serves both;
/// - a trailing slash is dropped (`/v1/feeds/`), but for the Fever address, which is `/fever/`.
///
/// A stream name in the path (`…/stream/contents/feed/http://host/feed.xml`, `/reader/atom/…`) is kept as
/// it was sent: its slashes are its own.
enum RequestPath {
    /// The path to route `path` by.
    static func normalized(_ path: String) -> String {
        var rest = Substring(path)
        if let base = rest.range(of: "greader.php"), !rest[..<base.lowerBound].contains("/reader/") {
            rest = rest[base.upperBound...]
        }
        var segments: [Substring] = []
        var name: Substring?
        while true {
            rest = rest.drop { $0 == "/" }
            if rest.isEmpty { break }
            if streamPrefixes.contains("/" + segments.joined(separator: "/") + "/") {
                name = rest
                break
            }
            let segment = rest.prefix { $0 != "/" }
            segments.append(segment)
            rest = rest.dropFirst(segment.count)
        }
        var result = "/" + segments.joined(separator: "/")
        if let name {
            result += "/" + name
        } else if path.hasSuffix("/"), FeverPaths.all.contains(result + "/") {
            result += "/"
        }
        if result.hasPrefix("/apps/news/api/") { result = "/index.php" + result }
        return result
    }

    /// The paths after which the rest is a stream name.
    static let streamPrefixes: Set<String> = ["/reader/api/0/stream/contents/", "/reader/atom/"]
}
