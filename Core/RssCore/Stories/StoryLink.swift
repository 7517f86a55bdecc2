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
    ///
    /// Every article a fetch stores has its link normalised, so the address is read as bytes (only ASCII bytes
    /// decide anything); the rare parts that need more (a query, escapes, AMP) go through strings.
    static func normalised(_ link: String) -> String? {
        let bytes = Array(link.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        guard let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = bytes[start..<colon].map { $0 | 0x20 }
        guard scheme == Array("http".utf8) || scheme == Array("https".utf8) else { return nil }
        var position = colon + 1
        guard end - position >= 2, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/")
        else { return nil }
        position += 2
        let authorityEnd =
            bytes[position..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? end
        guard var host = host(of: bytes[position..<authorityEnd]) else { return nil }
        let queryStart = bytes[authorityEnd..<end].firstIndex(of: UInt8(ascii: "?"))
        var path = Array(bytes[authorityEnd..<(queryStart ?? end)])
        let query = queryStart.map { Array(bytes[($0 + 1)..<end]) } ?? []
        let ampCache = Array(".cdn.ampproject.org".utf8)
        if host.count > ampCache.count, host.suffix(ampCache.count).elementsEqual(ampCache),
            let origin = ampCacheOrigin(String(decoding: path, as: UTF8.self))
        {
            host = Array(origin.host.utf8)
            path = Array(origin.path.utf8)
        }
        if host.count > 4, host.starts(with: "amp.".utf8) { host.removeFirst(4) }
        var out = Array("https://".utf8)
        out += host
        out += normalisedPath(path)
        if !query.isEmpty {
            let remaining = TrackingParameters.remainingQuery(String(decoding: query, as: UTF8.self))
            if !remaining.isEmpty { out += [UInt8(ascii: "?")] + Array(remaining.utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a normalised link names a site's home page (no path, no query): many feeds give it as every
    /// item's link, so it says nothing about which story an item is.
    static func isHomePage(_ normalised: String) -> Bool {
        let afterScheme = normalised.utf8.dropFirst("https://".utf8.count)
        return !afterScheme.contains(UInt8(ascii: "/")) && !afterScheme.contains(UInt8(ascii: "?"))
    }

    /// The host (with its port, if any) of a normalised link.
    static func host(ofNormalised link: String) -> Substring {
        let afterScheme = link.dropFirst("https://".count)
        return afterScheme.prefix { $0 != "/" && $0 != "?" }
    }

    /// The host of an authority (`user:password@Host:port`), lower-cased, without a default port, a
    /// trailing dot or a leading `www.`; the port kept when it is another one. Nil when there is no host.
    private static func host(of authority: ArraySlice<UInt8>) -> [UInt8]? {
        var hostAndPort = authority
        if let at = hostAndPort.lastIndex(of: UInt8(ascii: "@")) { hostAndPort = hostAndPort[(at + 1)...] }
        var port: ArraySlice<UInt8> = []
        if let colon = hostAndPort.lastIndex(of: UInt8(ascii: ":")), !hostAndPort[colon...].contains(UInt8(ascii: "]")) {
            port = hostAndPort[(colon + 1)...]
            hostAndPort = hostAndPort[..<colon]
        }
        var host = hostAndPort.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        while host.last == UInt8(ascii: ".") { host.removeLast() }
        if host.count > 4, host.starts(with: "www.".utf8) { host.removeFirst(4) }
        guard !host.isEmpty else { return nil }
        if !port.isEmpty, !port.elementsEqual("80".utf8), !port.elementsEqual("443".utf8) {
            host += [UInt8(ascii: ":")] + port
        }
        return host
    }

    /// ``host(of:)-(ArraySlice<UInt8>)`` of a string.
    private static func host(of authority: Substring) -> String? {
        host(of: ArraySlice(authority.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `byte` is ASCII white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
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

    /// The path with `amp` segments, a trailing slash and needless escapes taken out (empty for the root).
    private static func normalisedPath(_ path: [UInt8]) -> [UInt8] {
        var path = path
        // Most paths have neither an escape nor an `amp` segment: only the trailing slash goes.
        if path.contains(UInt8(ascii: "%")) || containsAMP(path) {
            let segments = String(decoding: path, as: UTF8.self).split(separator: "/", omittingEmptySubsequences: false)
                .filter { $0.lowercased() != "amp" }
                .map { PercentEscapes.normalised($0) }
            path = Array(segments.joined(separator: "/").utf8)
            if !path.isEmpty, path.first != UInt8(ascii: "/") { path.insert(UInt8(ascii: "/"), at: 0) }
        }
        while path.last == UInt8(ascii: "/") { path.removeLast() }
        return path
    }

    /// Whether `path` holds `amp` in any case (a segment, or part of one).
    private static func containsAMP(_ path: [UInt8]) -> Bool {
        guard path.count >= 3 else { return false }
        for index in 0...(path.count - 3)
        where path[index] | 0x20 == UInt8(ascii: "a") && path[index + 1] | 0x20 == UInt8(ascii: "m")
            && path[index + 2] | 0x20 == UInt8(ascii: "p")
        {
            return true
        }
        return false
    }
}
