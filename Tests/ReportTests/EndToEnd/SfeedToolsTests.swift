import Foundation
import Testing

/// `--format tsv` read by sfeed's own tools (Debian's `sfeed` package), end to end: the built `rss-report` on
/// RSS, Atom and JSON feeds that fill every field, its output piped into `sfeed_plain`, `sfeed_mbox`,
/// `sfeed_html` and `sfeed_atom`, and what they show compared with what the feeds said.
///
/// The tools are required, not optional: without them these tests fail and say how to install them.
@Suite(.timeLimit(.minutes(5)))
struct SfeedToolsTests {
    @Test func everyLineHoldsTheTenFieldsTheFeedsGave() async throws {
        let (_, tsv) = try await SfeedFixture.report()
        let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(tsv.hasSuffix("\n"))
        #expect(lines.count == SfeedFixture.items.count, "\(tsv)")
        for (line, item) in zip(lines, SfeedFixture.items) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 10, "\(line)")
            guard fields.count == 10 else { continue }
            // Unescaped content has its newlines and tabs back; no raw one can be inside a field.
            #expect(fields.allSatisfy { !$0.unicodeScalars.contains(where: SfeedFixture.isControl) }, "\(line)")
            #expect(fields[0] == String(item.timestamp))
            #expect(fields[1] == item.title)
            #expect(fields[2] == item.link)
            #expect(SfeedFixture.unescaped(fields[3]) == item.html, "\(item.title)")
            #expect(fields[4] == (item.html.isEmpty ? "" : "html"))
            #expect(fields[5] == item.id)
            #expect(fields[6] == item.author)
            #expect(fields[7] == item.enclosure)
            #expect(fields[8] == item.categories.joined(separator: "|"))
            #expect(fields[9] == item.source)
        }
        // The id is the feed's own, never the database's.
        #expect(!SfeedFixture.containsUUID(tsv), "\(tsv)")
    }

    @Test func sfeedPlainAndSfeedHTMLListEveryItem() async throws {
        let (report, tsv) = try await SfeedFixture.report()
        let plain = try await report.sfeed("sfeed_plain", tsv)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        let rows = plain.stdoutLines.filter { !$0.isEmpty }
        #expect(rows.count == SfeedFixture.items.count, "\(plain.stdout)")
        for (row, item) in zip(rows, SfeedFixture.items) {
            // TZ=UTC: sfeed_plain prints the timestamp in local time.
            #expect(row.hasPrefix("  \(item.minute)  \(item.title)"), "\(row)")
            if !item.link.isEmpty { #expect(row.hasSuffix(" \(item.link)"), "\(row)") }
        }

        let html = try await report.sfeed("sfeed_html", tsv)
        #expect(html.status == 0 && html.stderr.isEmpty, "\(html.stderr)")
        #expect(html.stdout.contains("<title>(0/\(SfeedFixture.items.count)) - Newsfeed</title>"), "\(html.stdout)")
        for item in SfeedFixture.items {
            let shown = item.link.isEmpty ? item.title : "<a href=\"\(item.link)\">\(item.title)</a>"
            #expect(html.stdout.contains("\(item.minute.replacing(" ", with: "&nbsp;")) \(shown)"), "\(item.title)")
        }
    }

    @Test func sfeedMboxWritesAMailPerItemWithItsTextAndAuthor() async throws {
        let (report, tsv) = try await SfeedFixture.report()
        let mbox = try await report.sfeed("sfeed_mbox", tsv, environment: ["SFEED_MBOX_CONTENT": "1"])
        #expect(mbox.status == 0 && mbox.stderr.isEmpty, "\(mbox.stderr)")
        let mails = Mail.split(mbox.stdout)
        #expect(mails.count == SfeedFixture.items.count, "\(mbox.stdout)")
        for (mail, item) in zip(mails, SfeedFixture.items) {
            #expect(mail.headers["Subject"] == item.title)
            #expect(mail.headers["Date"] == item.mailDate)
            // Without an author sfeed names the feed, which is empty on standard input.
            #expect(
                mail.headers["From"]?.hasPrefix(item.author.isEmpty ? " <" : "\(item.author) <") == true,
                "\(mail.headers)")
            #expect(mail.headers["Content-Type"]?.hasPrefix(item.html.isEmpty ? "text/plain" : "text/html") == true)
            // The article's text as the feed stored it: real newlines and tabs, single backslashes.
            if item.html.isEmpty {
                #expect(mail.body.trimmingCharacters(in: .newlines) == "Link:      \(item.link)", "\(mail.body)")
            } else {
                #expect(mail.body.contains(item.html), "\(item.title): \(mail.body)")
            }
        }
        #expect(!SfeedFixture.containsUUID(mbox.stdout))

        // Without the content (sfeed_mbox's default) the mail still names the link and the enclosure.
        let bare = try await report.sfeed("sfeed_mbox", tsv)
        let first = try #require(Mail.split(bare.stdout).first)
        #expect(
            first.body.hasPrefix(
                "Link:      https://example.org/every-field\nEnclosure: https://example.org/episode.mp3\n"))
    }

    /// sfeed_mbox shows no id (its Message-ID hashes the whole line); sfeed_atom shows the id for an item
    /// without a link.
    @Test func sfeedAtomShowsTheItemsOwnID() async throws {
        let (report, tsv) = try await SfeedFixture.report()
        let atom = try await report.sfeed("sfeed_atom", tsv)
        #expect(atom.status == 0 && atom.stderr.isEmpty, "\(atom.stderr)")
        #expect(atom.stdout.contains("<id>tag:example.org,2025:no-link</id>"), "\(atom.stdout)")
        #expect(atom.stdout.contains("<author><name>Grace Hopper</name></author>"))
        #expect(
            atom.stdout.contains(
                "<content type=\"html\">&lt;p&gt;Atom says &lt;b&gt;hello&lt;/b&gt;&lt;/p&gt;</content>"))
        #expect(atom.stdout.contains("<link rel=\"enclosure\" href=\"https://example.org/episode.mp3\" />"))
    }

    @Test func escapeSequencesInContentReachNoSfeedTool() async throws {
        let report = try ReportProcess()
        // Each control below is a character reference, so the XML parser hands the real character to RssCore;
        // `&amp;#x1B;` is a reference inside the HTML, which an HTML renderer (a mail client's, lynx's for
        // sfeed_content) would turn into ESC.
        let hostile = try report.feed(
            "hostile.rss",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <title>Hostile</title><link>https://example.org/</link>
            <item><title>Hostile content</title><link>https://example.org/hostile</link>
            <guid>https://example.org/hostile</guid><pubDate>Mon, 01 Dec 2025 10:00:00 GMT</pubDate>
            <content:encoded>&lt;p&gt;Red&#x1B;[31m alert&#x1B;]52;c;aGk=&#x07; copied&#x9B;2J cleared &#x202E;reversed\
            &#x0D;&#x0A;next&#x0B;line&#x85;bell&#x07;&#x7F; &amp;#x1B;[2J&amp;#27;]0;title&amp;#x9b;&lt;/p&gt;</content:encoded>
            </item></channel></rss>
            """)
        let result = try await report.run(["--url", hostile.path, "--format", "tsv"])
        #expect(result.status == 0, "\(result.stderr)")
        let fields = try #require(result.stdoutLines.first).split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 10)
        let content = SfeedFixture.unescaped(String(fields[3]))
        // Whole sequences go, not only their ESC; the parser reads C1 controls as windows-1252 punctuation
        // (0x9B is `›`, 0x85 `…`); references to controls in the HTML become text (`&amp;#x1B;`).
        #expect(
            content
                == "<p>Red alert copied›2J cleared reversed\nnext\nline…bell &amp;#x1B;[2J&amp;#27;]0;title&amp;#x9b;</p>",
            "\(fields[3])")

        let mbox = try await report.sfeed("sfeed_mbox", result.stdout, environment: ["SFEED_MBOX_CONTENT": "1"])
        let mail = try #require(Mail.split(mbox.stdout).first)
        #expect(mail.body.contains(content), "\(mail.body)")
        #expect(!mbox.stdout.contains("[31m") && !mbox.stdout.contains("52;c;"))
        let controls = mbox.stdout.unicodeScalars.filter(SfeedFixture.isControl)
        #expect(controls.isEmpty, "\(controls.map(\.value))")
    }
}

/// The feeds the tests report on and what each item must show.
enum SfeedFixture {
    struct Item {
        /// The hour of 1 December 2025 (UTC) the item was published.
        let hour: Int
        let title: String
        let link: String
        /// The content as RssCore stores it, "" for none.
        let html: String
        let id: String
        let author: String
        let enclosure: String
        let categories: [String]
        let source: String

        /// 2025-12-01T00:00:00Z is 1,764,547,200.
        var timestamp: Int { 1_764_547_200 + hour * 3_600 }
        /// As sfeed_plain and sfeed_html print the time (in UTC, the tests' time zone).
        var minute: String { "2025-12-01 \(clock)" }
        /// As sfeed_mbox writes the Date header.
        var mailDate: String { "Mon, 01 Dec 2025 \(clock):00 +0000" }
        private var clock: String { (hour < 10 ? "0" : "") + "\(hour):00" }
    }

    /// HTML with every character sfeed escapes, text that looks like an escape, and sfeed's category separator.
    static let richHTML =
        "<p>First line\nSecond\tline, a back\\slash, a \\n that is text, and a | pipe</p>\n<pre>C:\\new\\table\\</pre>"

    /// Newest first, as the report orders them.
    static let items = [
        Item(
            hour: 10, title: "Every field", link: "https://example.org/every-field", html: richHTML,
            id: "rss-guid-0001", author: "Ada Lovelace", enclosure: "https://example.org/episode.mp3",
            categories: ["Swift", "Linux"], source: "Rich RSS"),
        Item(
            hour: 9, title: "Nothing inside", link: "https://example.org/empty", html: "",
            id: "https://example.org/empty", author: "", enclosure: "", categories: [], source: "Rich RSS"),
        Item(
            hour: 8, title: "Only an id", link: "", html: "Short text",
            id: "tag:example.org,2025:no-link", author: "", enclosure: "", categories: [], source: "Rich RSS"),
        Item(
            hour: 7, title: "Atom entry", link: "https://example.org/atom-1",
            html: "<p>Atom says <b>hello</b></p>", id: "tag:example.org,2025:atom-entry-1", author: "Grace Hopper",
            enclosure: "", categories: ["Compilers"], source: "Atom Source"),
        // JSON Feed's content_text is stored as HTML: the text with `&` and `<` escaped, its newlines kept.
        Item(
            hour: 6, title: "JSON item", link: "https://example.org/json-42",
            html: "Plain text\nover two lines &amp; &lt;not html&gt;", id: "json-item-42", author: "Alan Turing",
            enclosure: "", categories: ["Maths"], source: "JSON Source"),
    ]

    static let rss = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
        <title>Rich RSS</title><link>https://example.org/</link>
        <item><title>Every field</title><link>https://example.org/every-field</link>
        <guid isPermaLink="false">rss-guid-0001</guid><author>Ada Lovelace</author>
        <enclosure url="https://example.org/episode.mp3" length="1234" type="audio/mpeg"/>
        <category>Swift</category><category>Linux</category><pubDate>Mon, 01 Dec 2025 10:00:00 GMT</pubDate>
        <content:encoded><![CDATA[\(richHTML)]]></content:encoded></item>
        <item><title>Nothing inside</title><link>https://example.org/empty</link><guid>https://example.org/empty</guid>
        <pubDate>Mon, 01 Dec 2025 09:00:00 GMT</pubDate></item>
        <item><title>Only an id</title><guid isPermaLink="false">tag:example.org,2025:no-link</guid>
        <description>Short text</description><pubDate>Mon, 01 Dec 2025 08:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Source</title><id>tag:example.org,2025:atom</id>
        <updated>2025-12-01T07:00:00Z</updated>
        <entry><title>Atom entry</title><id>tag:example.org,2025:atom-entry-1</id>
        <link rel="alternate" href="https://example.org/atom-1"/><updated>2025-12-01T07:00:00Z</updated>
        <author><name>Grace Hopper</name></author><category term="Compilers"/>
        <content type="html">&lt;p&gt;Atom says &lt;b&gt;hello&lt;/b&gt;&lt;/p&gt;</content></entry>
        </feed>
        """

    static let json = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "JSON Source", "items": [
          {"id": "json-item-42", "url": "https://example.org/json-42", "title": "JSON item",
           "content_text": "Plain text\\nover two lines & <not html>", "date_published": "2025-12-01T06:00:00Z",
           "authors": [{"name": "Alan Turing"}], "tags": ["Maths"]}]}
        """

    /// A fresh database that followed the three feeds, and its `--format tsv` report.
    static func report() async throws -> (ReportProcess, String) {
        let report = try ReportProcess()
        let feeds = [
            try report.feed("rich.rss", rss), try report.feed("atom.xml", atom), try report.feed("feed.json", json),
        ]
        let result = try await report.run(["--url"] + feeds.map(\.path) + ["--format", "tsv"])
        #expect(result.status == 0, "\(result.stderr)")
        return (report, result.stdout)
    }

    /// sfeed's unescaping of the content field (as sfeed_mbox does it): `\\` → `\`, `\n` → newline,
    /// `\t` → tab, any other escape dropped.
    static func unescaped(_ field: String) -> String {
        var output = ""
        var escaping = false
        for character in field {
            if escaping {
                switch character {
                case "\\": output.append("\\")
                case "n": output.append("\n")
                case "t": output.append("\t")
                default: break
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// What must never reach a field or a tool's output (newlines and tabs are checked where they matter).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether `text` holds a UUID, as the database's article ids are.
    static func containsUUID(_ text: String) -> Bool {
        text.contains(/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/)
    }
}

/// One mail of an mbox file: its headers and its body.
struct Mail {
    var headers: [String: String] = [:]
    var body = ""

    /// The mails of an mbox, each starting at a `From ` line.
    static func split(_ mbox: String) -> [Mail] {
        var mails: [Mail] = []
        var inHeaders = false
        for line in mbox.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("From ") {
                mails.append(Mail())
                inHeaders = true
            } else if mails.isEmpty {
                continue
            } else if inHeaders {
                if line.isEmpty {
                    inHeaders = false
                } else if let colon = line.firstIndex(of: ":") {
                    mails[mails.count - 1].headers[String(line[..<colon])] =
                        String(line[line.index(after: colon)...].dropFirst())
                }
            } else {
                mails[mails.count - 1].body += line + "\n"
            }
        }
        return mails
    }
}

/// An sfeed tool that is not installed: the tests need Debian's `sfeed` package.
struct MissingSfeedTool: Error, CustomStringConvertible {
    let tool: String
    var description: String {
        "\(tool) not found: install Debian's sfeed package (apt-get install -y sfeed; scripts/test installs it)"
    }
}

extension ReportProcess {
    /// Pipes `input` into the sfeed tool `tool` (from Debian's `sfeed` package) and returns what it wrote.
    func sfeed(_ tool: String, _ input: String, environment: [String: String] = [:]) async throws -> Result {
        guard
            let executable = ["/usr/bin", "/usr/local/bin", "/bin"].map({ URL(fileURLWithPath: "\($0)/\(tool)") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw MissingSfeedTool(tool: tool) }
        let file = directory.appendingPathComponent("\(UUID().uuidString).tsv")
        try input.write(to: file, atomically: true, encoding: .utf8)
        return try await launch(executable, [], environment: environment, input: .file(file)).finish()
    }
}
