/// An article's link as the same story's copies share it: what two sources link to when they carry one story,
/// once the differences that do not change the page are taken out.
///
/// The rules, each kept because aggregators and feed services really add the difference:
/// - `http` and `https` are one scheme, case ignored; the host's case, a trailing dot, a leading `www.`, the
///   user name and password, and the default port (80, 443) are dropped;
/// - the fragment is dropped, and so is a trailing slash of the path;
/// - tracking parameters are dropped from the query (``TrackingParameters``), the others kept in their order;
/// - AMP variants read as the page they stand for: an `amp` path segment, an `amp` parameter (`?amp`,
///   `?amp=1`), `outputType=amp`, an `amp.` host, and Google's AMP cache (`….cdn.ampproject.org/c/s/HOST/PATH`);
/// - percent escapes of unreserved characters are decoded, and the others' hex digits upper-cased.
///
/// What stays: the path's case (servers tell `/A` from `/a`), every other parameter, other hosts (`m.`,
/// `mobile.`). A redirector's address (FeedBurner's `feedproxy.google.com`) is not followed: the origin is
/// used when the feed gives it (`feedburner:origLink`, see ``FetchedItem/originLink``).
enum StoryLink {
    /// The normalised form of `link`, or nil when it is not an `http` or `https` address with a host.
    static func normalised(_ link: String) -> String? {
        var rest = Substring(link.trimmingWhitespace)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let scheme = rest[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        rest = rest[rest.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard var host = host(of: rest[..<authorityEnd]) else { return nil }
        rest = rest[authorityEnd...]
        let queryStart = rest.firstIndex(of: "?")
        var path = String(rest[..<(queryStart ?? rest.endIndex)])
        var query = queryStart.map { String(rest[rest.index(after: $0)...]) } ?? ""
        if host.hasSuffix(".cdn.ampproject.org"), let origin = ampCacheOrigin(path) {
            (host, path) = origin
        }
        if host.hasPrefix("amp.") && host.count > 4 { host.removeFirst(4) }
        path = normalisedPath(path)
        query = TrackingParameters.remainingQuery(query)
        return "https://" + host + path + (query.isEmpty ? "" : "?" + query)
    }

    /// Whether a normalised link names a site's home page (no path, no query): many feeds give it as every
    /// item's link, so it says nothing about which story an item is.
    static func isHomePage(_ normalised: String) -> Bool {
        let afterScheme = normalised.dropFirst("https://".count)
        return !afterScheme.contains("/") && !afterScheme.contains("?")
    }

    /// The host (with its port, if any) of a normalised link.
    static func host(ofNormalised link: String) -> Substring {
        let afterScheme = link.dropFirst("https://".count)
        return afterScheme.prefix { $0 != "/" && $0 != "?" }
    }

    /// The host of an authority (`user:password@Host:port`), lower-cased, without a default port, a
    /// trailing dot or a leading `www.`; the port kept when it is another one. Nil when there is no host.
    private static func host(of authority: Substring) -> String? {
        var hostAndPort = authority
        if let at = hostAndPort.lastIndex(of: "@") { hostAndPort = hostAndPort[hostAndPort.index(after: at)...] }
        var port: Substring = ""
        if let colon = hostAndPort.lastIndex(of: ":"), !hostAndPort[colon...].contains("]") {
            port = hostAndPort[hostAndPort.index(after: colon)...]
            hostAndPort = hostAndPort[..<colon]
        }
        var host = hostAndPort.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        if host.hasPrefix("www.") && host.count > 4 { host.removeFirst(4) }
        guard !host.isEmpty else { return nil }
        let keepsPort = !port.isEmpty && port != "80" && port != "443"
        return keepsPort ? host + ":" + port : host
    }

    /// The host and path of the page a Google AMP cache address (`/c/s/HOST/PATH`, `/c/HOST/PATH`,
    /// `/v/s/HOST/PATH`) serves, or nil for another path.
    private static func ampCacheOrigin(_ path: String) -> (host: String, path: String)? {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard let kind = segments.first, kind == "c" || kind == "v" else { return nil }
        segments = segments.dropFirst()
        if segments.first == "s" { segments = segments.dropFirst() }
        guard let origin = segments.first, let host = host(of: origin) else { return nil }
        return (host, "/" + segments.dropFirst().joined(separator: "/"))
    }

    /// The path with `amp` segments, a trailing slash and needless escapes taken out ("" for the root).
    private static func normalisedPath(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            .filter { $0.lowercased() != "amp" }
            .map { PercentEscapes.normalised($0) }
        var joined = segments.joined(separator: "/")
        while joined.hasSuffix("/") { joined.removeLast() }
        if !joined.isEmpty && !joined.hasPrefix("/") { joined = "/" + joined }
        return joined
    }
}

extension String {
    /// Without leading and trailing white space (ASCII and Unicode).
    var trimmingWhitespace: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
