import Foundation

/// One source of the hostile server: its path, what the server does there, and what the report must make of it.
struct HostileCase: Sendable {
    /// What the report must say about a source.
    enum Expected: Sendable {
        /// Fetched and read: `OK   title (n new)`, named by its address when the feed has no title; `items`
        /// new articles when given.
        case ok(title: String?, items: Int?)
        /// A failure whose error starts with one of these stages (`FETCH`, `TIMEOUT`, `HTTP 302`, …).
        case fail([String])
        /// Either, as long as a failure is at one of these stages: the content may be recoverable.
        case okOrFail([String])
    }

    let path: String
    let steps: [HostileFeedServer.Step]
    let expected: Expected

    init(_ path: String, _ steps: [HostileFeedServer.Step], _ expected: Expected) {
        self.path = path
        self.steps = steps
        self.expected = expected
    }

    /// One response sent in one go.
    init(_ path: String, _ bytes: Data, _ expected: Expected) {
        self.init(path, [.send(bytes)], expected)
    }

    /// The feed's own title, if it must have one.
    var title: String? {
        if case .ok(let title, _) = expected { return title }
        return nil
    }

    /// Whether the report must count it a success.
    var mustSucceed: Bool {
        if case .ok = expected { return true }
        return false
    }

    /// The stages a failure may have; nil when it must not fail.
    var failureStages: [String]? {
        switch expected {
        case .ok: nil
        case .fail(let stages), .okOrFail(let stages): stages
        }
    }
}

/// Bytes of responses and feeds, spelled out the way a raw socket sends them.
enum Wire {
    /// `HTTP/1.1 200 OK` with a Content-Length, the given headers (CRLF-terminated lines) and the body.
    static func ok(_ body: Data, type: String = "application/rss+xml", headers: String = "") -> Data {
        Data("HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n\(headers)\r\n".utf8) + body
    }

    /// A status line and headers, then the body as given (no Content-Length unless in `headers`).
    static func raw(_ head: String, _ body: Data = Data()) -> Data {
        Data((head + "\r\n\r\n").utf8) + body
    }

    /// An RSS 2.0 feed called `title` with `count` items named `Item 1`… (links under `https://example.org/`).
    static func rss(_ title: String, items count: Int, slug: String) -> Data {
        rss(title, items: (0..<count).map { ("Item \($0 + 1)", "https://example.org/\(slug)/\($0 + 1)") })
    }

    /// An RSS 2.0 feed with these items, all dated 1 December 2025.
    static func rss(_ title: String, items: [(title: String, link: String)], prologue: String = "") -> Data {
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\(prologue)<rss version=\"2.0\"><channel>"
        text += "<title>\(title)</title><link>https://example.org/</link>"
        for item in items {
            text += "<item><title>\(item.title)</title><link>\(item.link)</link><guid>\(item.link)</guid>"
            text += "<pubDate>Mon, 01 Dec 2025 10:00:00 GMT</pubDate></item>"
        }
        return Data((text + "</channel></rss>").utf8)
    }
}
