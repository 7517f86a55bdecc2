import Foundation

/// The sources of the hostile server: a few good feeds among broken protocol, broken compression, bad
/// redirects and hostile documents, each on its own path.
enum HostileCases {
    /// Every case, for a server listening on `port`.
    static func all(port: UInt16) -> [HostileCase] {
        good + framing + bodies + encodings + statuses + redirects(port: port) + documents
    }

    /// What the server answers on every path: the cases, and where a redirect leads.
    static func script(port: UInt16) -> [String: [HostileFeedServer.Step]] {
        var routes = Dictionary(uniqueKeysWithValues: all(port: port).map { ("/" + $0.path, $0.steps) })
        routes["/credentials-target"] = [.send(Wire.ok(Wire.rss("Behind Credentials", items: 1, slug: "cred")))]
        return routes
    }

    /// Feeds that must come through untouched, whatever their neighbours do.
    static let good: [HostileCase] = [
        HostileCase("good-rss", Wire.ok(Wire.rss("Good RSS", items: 3, slug: "rss")), .ok(title: "Good RSS", items: 3)),
        HostileCase(
            "good-atom",
            Wire.ok(
                Data(
                    """
                    <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">\
                    <title>Good Atom</title><id>urn:good-atom</id><updated>2025-12-01T10:00:00Z</updated>\
                    <entry><title>Atom one</title><id>urn:atom:1</id><link href="https://example.org/atom/1"/>\
                    <updated>2025-12-01T10:00:00Z</updated></entry>\
                    <entry><title>Atom two</title><id>urn:atom:2</id><link href="https://example.org/atom/2"/>\
                    <updated>2025-12-01T09:00:00Z</updated></entry></feed>
                    """.utf8), type: "application/atom+xml"),
            .ok(title: "Good Atom", items: 2)),
        HostileCase(
            "good-json",
            Wire.ok(
                Data(
                    """
                    {"version": "https://jsonfeed.org/version/1.1", "title": "Good JSON", "items": [
                    {"id": "j1", "title": "JSON one", "url": "https://example.org/json/1",
                     "date_published": "2025-12-01T10:00:00Z"},
                    {"id": "j2", "title": "JSON two", "url": "https://example.org/json/2",
                     "date_published": "2025-12-01T09:00:00Z"}]}
                    """.utf8), type: "application/feed+json"),
            .ok(title: "Good JSON", items: 2)),
        HostileCase(
            "good-chunked",
            Wire.raw("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nTransfer-Encoding: chunked")
                + chunked(Wire.rss("Good Chunked", items: 2, slug: "chunked")) + Data("0\r\n\r\n".utf8),
            .ok(title: "Good Chunked", items: 2)),
        HostileCase(
            "good-gzip", Wire.ok(goodGzip, headers: "Content-Encoding: gzip\r\n"), .ok(title: "Good Gzip", items: 1)),
    ]

    /// Status lines and headers no HTTP library would send.
    static let framing: [HostileCase] = [
        HostileCase(
            "bad-status-line", Wire.raw("HTTP/1.1 2OO OK\r\nContent-Length: 5", Data("hello".utf8)), .fail(["FETCH"])),
        HostileCase(
            "status-code-overflow", Wire.raw("HTTP/1.1 99999999999999999999 Big\r\nContent-Length: 0"), .fail(["FETCH"])
        ),
        HostileCase("no-headers", Wire.rss("HTTP 0.9", items: 1, slug: "09"), .fail(["FETCH"])),
        HostileCase(
            "slow-headers",
            [
                .send(Data("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nX-Slow: ".utf8)),
                .trickle(Data(repeating: UInt8(ascii: "a"), count: 120), interval: 1),
            ], .fail(["TIMEOUT"])),
        HostileCase(
            "huge-header",
            Wire.raw(
                "HTTP/1.1 200 OK\r\nX-Huge: " + String(repeating: "a", count: 1024 * 1024) + "\r\nContent-Length: 0"),
            .fail(["FETCH"])),
        HostileCase(
            "many-headers",
            Wire.ok(
                Wire.rss("Many Headers", items: 1, slug: "headers"),
                headers: (1...5000).map { "X-Header-\($0): value \($0)\r\n" }.joined()),
            .okOrFail(["FETCH"])),
        HostileCase(
            "reset-mid-headers", [.send(Data("HTTP/1.1 200 OK\r\nContent-Ty".utf8)), .reset], .fail(["FETCH"])),
    ]

    /// Bodies at odds with their framing.
    static let bodies: [HostileCase] = [
        HostileCase(
            "length-past-body",
            Wire.raw("HTTP/1.1 200 OK\r\nContent-Length: 50000", Wire.rss("Long", items: 1, slug: "l")),
            .fail(["FETCH"])),
        HostileCase(
            "length-short-of-body",
            Wire.raw("HTTP/1.1 200 OK\r\nContent-Length: 150", Wire.rss("Short Length", items: 3, slug: "short")),
            .okOrFail(["PARSE"])),
        HostileCase(
            "length-negative", Wire.raw("HTTP/1.1 200 OK\r\nContent-Length: -12", Wire.rss("N", items: 1, slug: "n")),
            .fail(["FETCH"])),
        HostileCase(
            "length-garbage", Wire.raw("HTTP/1.1 200 OK\r\nContent-Length: lots", Wire.rss("G", items: 1, slug: "g")),
            .fail(["FETCH"])),
        HostileCase(
            "chunk-bad-size",
            Wire.raw(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked",
                Data("zz\r\n".utf8) + Wire.rss("Z", items: 1, slug: "z")),
            .fail(["FETCH"])),
        // Usually the close that follows is seen at once (FETCH); once, in a quiet CI run, the fetch went on to its
        // total timeout instead (TIMEOUT, 10 s here). Either way it fails alone and says so; why the close was not
        // seen that time is not known.
        HostileCase(
            "chunk-no-terminator",
            Wire.raw("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked", chunked(Wire.rss("T", items: 1, slug: "t"))),
            .fail(["FETCH", "TIMEOUT"])),
        HostileCase(
            "chunk-size-overflow",
            Wire.raw("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked", Data("FFFFFFFFFFFFFFFFFFFFFF\r\nhello".utf8)),
            .fail(["FETCH"])),
        HostileCase(
            "chunked-and-length",
            Wire.raw(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5",
                chunked(Wire.rss("Smuggled", items: 1, slug: "s")) + Data("0\r\n\r\n".utf8)),
            .fail(["FETCH"])),
        HostileCase(
            "chunk-huge",
            [
                .send(Wire.raw("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked", Data("10000000\r\n".utf8))),
                .endless(Data(repeating: UInt8(ascii: "<"), count: 64 * 1024)),
            ], .fail(["TOOLARGE"])),
    ]

    /// Content encodings that lie or that nobody asked for.
    static let encodings: [HostileCase] = [
        HostileCase(
            "gzip-not-gzip", Wire.ok(Wire.rss("Plain", items: 1, slug: "p"), headers: "Content-Encoding: gzip\r\n"),
            .fail(["FETCH"])),
        HostileCase(
            "gzip-truncated", Wire.ok(goodGzip.prefix(95), headers: "Content-Encoding: gzip\r\n"), .fail(["FETCH"])),
        HostileCase(
            "brotli", Wire.ok(Data([0x1B, 0x2F, 0x00, 0xF8, 0xA5, 0x00, 0x00]), headers: "Content-Encoding: br\r\n"),
            .fail(["FETCH"])),
        HostileCase(
            "unknown-encoding",
            Wire.ok(
                Wire.rss("Unknown Encoding", items: 1, slug: "enc"), headers: "Content-Encoding: x-snappy-framed\r\n"),
            .ok(title: "Unknown Encoding", items: 1)),
    ]

    /// Statuses without a feed.
    static let statuses: [HostileCase] = [
        HostileCase(
            "informational",
            Wire.raw("HTTP/1.1 100 Continue")
                + Wire.raw("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload")
                + Wire.ok(Wire.rss("After Hints", items: 2, slug: "hints")),
            .ok(title: "After Hints", items: 2)),
        HostileCase(
            "switching-protocols",
            Wire.raw(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade", Data([0x81, 0x05])),
            .fail(["HTTP 101"])),
        HostileCase("continue-then-close", Wire.raw("HTTP/1.1 100 Continue"), .fail(["FETCH"])),
        HostileCase("no-content", Wire.raw("HTTP/1.1 204 No Content"), .fail(["HTTP 204"])),
        HostileCase("reset-content", Wire.raw("HTTP/1.1 205 Reset Content\r\nContent-Length: 0"), .fail(["HTTP 205"])),
        HostileCase("empty-ok", Wire.ok(Data()), .fail(["PARSE"])),
    ]

    /// Redirects nowhere, to other schemes, with credentials, with control characters.
    static func redirects(port: UInt16) -> [HostileCase] {
        func redirect(_ status: String, _ location: String) -> Data {
            Wire.raw("HTTP/1.1 \(status)\r\nLocation: \(location)\r\nContent-Length: 0")
        }
        return [
            HostileCase("redirect-nowhere", Wire.raw("HTTP/1.1 302 Found\r\nContent-Length: 0"), .fail(["FETCH"])),
            HostileCase("redirect-to-file", redirect("301 Moved Permanently", "file:///etc/passwd"), .fail(["FETCH"])),
            HostileCase("redirect-to-javascript", redirect("302 Found", "javascript:alert(1)"), .fail(["FETCH"])),
            HostileCase(
                "redirect-to-ftp", redirect("307 Temporary Redirect", "ftp://127.0.0.1/feed.rss"), .fail(["FETCH"])),
            HostileCase(
                "redirect-with-credentials",
                redirect("301 Moved Permanently", "http://feeder:\(secret)@127.0.0.1:\(port)/credentials-target"),
                .ok(title: "Behind Credentials", items: 1)),
            HostileCase(
                "redirect-with-controls", redirect("302 Found", "/good-rss\u{1B}[2J\u{07}\u{01}"),
                .fail(["FETCH", "HTTP 302"])),
            HostileCase(
                "redirect-with-bare-cr", redirect("302 Found", "/good-rss\rSet-Cookie: stolen=1"),
                .fail(["FETCH", "HTTP 302"])),
        ]
    }

    /// Documents that attack the parser, the terminal or the reader.
    static let documents: [HostileCase] = [
        HostileCase("escape-codes", Wire.ok(escapeCodes), .ok(title: "Escape Codes", items: 2)),
        HostileCase(
            "huge-title",
            Wire.ok(
                Wire.rss("Huge Title", items: [(String(repeating: "T", count: 1024 * 1024), "https://example.org/t")])),
            .ok(title: "Huge Title", items: 1)),
        HostileCase(
            "many-items", Wire.ok(Wire.rss("Many Items", items: 100_000, slug: "many")),
            .ok(title: "Many Items", items: 100_000)),
        HostileCase(
            "deep-nesting",
            Wire.ok(
                Data(
                    ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Deep</title>"
                        + String(repeating: "<a>", count: 200_000) + String(repeating: "</a>", count: 200_000)
                        + "</channel></rss>").utf8)),
            .fail(["PARSE"])),
        HostileCase("billion-laughs", Wire.ok(billionLaughs), .okOrFail(["PARSE"])),
        HostileCase("external-entity", Wire.ok(externalEntity), .okOrFail(["PARSE"])),
        HostileCase("json-wrong-types", Wire.ok(jsonWrongTypes, type: "application/feed+json"), .okOrFail(["PARSE"])),
        HostileCase("invalid-utf8", Wire.ok(invalidUTF8), .ok(title: "Broken \u{FFFD} Bytes", items: 1)),
        HostileCase("utf16-without-bom", Wire.ok(utf16, type: "application/xml"), .ok(title: "Sixteen Bits", items: 1)),
        HostileCase(
            "lying-charset",
            Wire.ok(Wire.rss("Lying Charset café", items: 1, slug: "lie"), type: "text/xml; charset=utf-16"),
            .ok(title: "Lying Charset café", items: 1)),
        HostileCase(
            "script-links",
            Wire.ok(
                Wire.rss(
                    "Script Links",
                    items: [
                        ("Cookie thief", "javascript:alert(document.cookie)"),
                        ("Data page", "data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"),
                        ("Mixed case", " JaVaScRiPt:alert(1)"), ("Visual Basic", "vbscript:msgbox(1)"),
                    ])),
            .ok(title: "Script Links", items: 4)),
        HostileCase(
            "html-page",
            Wire.ok(
                Data(
                    "<!DOCTYPE html><html><head><title>Hello</title></head><body><p>Not a feed</p></body></html>".utf8),
                type: "text/html; charset=utf-8"),
            .fail(["PARSE"])),
        HostileCase(
            "png",
            Wire.ok(
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<2048).map { UInt8($0 % 256) }),
                type: "image/png"),
            .fail(["PARSE"])),
    ]

    /// The password of the redirect with credentials: it must never be shown.
    static let secret = "s3cret-passw0rd"

    /// A chunk of `data`, without the last chunk.
    static func chunked(_ data: Data) -> Data {
        Data(String(data.count, radix: 16).utf8) + Data("\r\n".utf8) + data + Data("\r\n".utf8)
    }

    /// "Good Gzip" with one item, gzip-compressed.
    static let goodGzip = Data(
        base64Encoded:
            "H4sIAAAAAAACA33PwQqDMAwG4FcpnjdThcGQrF4ET562F3A207LadlqH+PRziu42yCn/R8iP6dhq9qauV9ZcgijkASNTWalMfQkG/zieg1Rg"
            + "1/c/FM9IYNWUxpAW6JXXJHJrJcsn5RDWBSpP7ZZeXwPRRHIPtTJP0Xjv+gSAxrJ1mkLb1VDPJyBCWADWg5J/2QLQDfes9CQKaw6MRyyj"
            + "isU8PrGIJ/w7LC9uCBtDWH+DvQPMBcUHX1kiawwBAAA=")!

    /// Escape sequences, C0 and C1 controls, bidi overrides and NULs in a feed's title, items, links and author.
    static let escapeCodes = Data(
        ("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel>"
            + "<title>Escape\u{1B}[2J Codes</title><link>https://example.org/</link>"
            + "<item><title>Red\u{1B}[31m alert\u{1B}[2J\u{9B}1m \u{202E}desrever\u{202C} before\u{0}after "
            + "\u{1B}]52;c;aGk=\u{07}tail</title><link>https://example.org/esc/1\u{1B}[1m</link>"
            + "<author>Mallory\u{0}\u{1B}[5m Blink\u{7F}</author><guid>esc-1</guid>"
            + "<pubDate>Mon, 01 Dec 2025 10:00:00 GMT</pubDate></item>"
            + "<item><title>Bell\u{07}\u{08}\u{0B}\u{0C} and \u{2066}isolate\u{2069} "
            + "\u{1B}]8;;https://evil.example/\u{1B}\\hyperlink\u{1B}]8;;\u{1B}\\ \u{85}next\u{0}</title>"
            + "<link>https://example.org/esc/2</link><guid>esc-2\u{0}</guid>"
            + "<pubDate>Mon, 01 Dec 2025 09:00:00 GMT</pubDate></item></channel></rss>").utf8)

    /// Entities that would expand to gigabytes.
    static let billionLaughs: Data = {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return Wire.rss(
            "Laughs &lol9;", items: [("Laugh &lol9;", "https://example.org/lol")],
            prologue: "<!DOCTYPE rss [\(entities)]>")
    }()

    /// External entities pointing at a local file, general and parameter.
    static let externalEntity = Wire.rss(
        "External &xxe;", items: [("Secret &xxe;", "https://example.org/xxe")],
        prologue:
            "<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"file:///etc/passwd\"><!ENTITY % remote SYSTEM \"file:///etc/passwd\"> %remote;]>"
    )

    /// A JSON Feed with numbers for strings, nulls, nested arrays and items that are not objects.
    static let jsonWrongTypes = Data(
        """
        {"version": "https://jsonfeed.org/version/1.1", "title": 123, "home_page_url": ["x"],
         "authors": [{"name": 5}], "items": [
         {"id": 5, "title": null, "url": ["https://example.org/a"], "content_html": {"x": 1},
          "date_published": 17, "tags": [[1]]},
         {"id": "fine", "title": "Fine", "url": "https://example.org/fine"},
         null, 3, [[]], "item"]}
        """.utf8)

    /// Declared UTF-8 with bytes that are not: a lone 0xFF, a cut sequence, an encoded surrogate.
    static let invalidUTF8: Data = {
        var data = Wire.rss("Broken _ Bytes", items: [("Bad _ here", "https://example.org/utf8")])
        let title = data.firstIndex(of: UInt8(ascii: "_"))!
        data.replaceSubrange(title...title, with: [0xFF])
        let item = data.firstIndex(of: UInt8(ascii: "_"))!
        data.replaceSubrange(item...item, with: [0xC3, 0x20, 0xED, 0xA0, 0x80])
        return data
    }()

    /// UTF-16LE without a byte-order mark.
    static let utf16: Data = {
        let text = String(decoding: Wire.rss("Sixteen Bits", items: 1, slug: "u16"), as: UTF8.self)
            .replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"utf-16\"")
        return Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }()
}
