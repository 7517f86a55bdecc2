import Foundation
import RssCore
import ServeCore

/// A stream as an Atom document (`/reader/atom/STREAM`), the form newsboat's FeedHQ mode reads: each
/// entry's id is the item's long id (newsboat sends it back to mark it), and its state is a category in
/// Google Reader's scheme (`read` tells newsboat the item is read).
enum AtomStream {
    static func document(
        stream: StreamID, title: String, articles: [ArticleSnapshot], directory: GoogleReaderDirectory, continuation: String?
    ) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/">
            <id>tag:google.com,2005:reader/\(escape(stream.name))</id>
            <title>\(escape(title))</title>
            <updated>\(date(Date()))</updated>

            """
        if let continuation { text += "<gr:continuation>\(escape(continuation))</gr:continuation>\n" }
        for article in articles {
            let source = directory.source(id: article.sourceID)
            text += "<entry gr:crawl-timestamp-msec=\"\(Int64(article.firstSeen.timeIntervalSince1970 * 1_000))\">\n"
            text += "<id>\(ItemID.long(article.number))</id>\n"
            for category in GoogleReaderJSON.categories(article, source: source) {
                let label = category.split(separator: "/").last.map(String.init) ?? category
                text += "<category term=\"\(escape(category))\" scheme=\"http://www.google.com/reader/\" label=\"\(escape(label))\"/>\n"
            }
            text += "<title type=\"html\">\(escape(article.title))</title>\n"
            text += "<published>\(date(article.date))</published>\n"
            text += "<updated>\(date(article.updated ?? article.date))</updated>\n"
            if let link = article.link { text += "<link rel=\"alternate\" href=\"\(escape(link.absoluteString))\" type=\"text/html\"/>\n" }
            if let enclosure = article.enclosure {
                text += "<link rel=\"enclosure\" href=\"\(escape(enclosure.url.absoluteString))\" type=\"\(escape(enclosure.type ?? ""))\"/>\n"
            }
            text += "<content type=\"html\">\(escape(article.body?.html ?? ""))</content>\n"
            if let author = article.author { text += "<author><name>\(escape(author))</name></author>\n" }
            if let source {
                text += "<source gr:stream-id=\"\(escape(directory.streamID(of: source)))\">"
                text += "<id>tag:google.com,2005:reader/\(escape(directory.streamID(of: source)))</id>"
                text += "<title>\(escape(source.title))</title>"
                text += "<link rel=\"alternate\" href=\"\(escape((source.siteLink ?? source.url).absoluteString))\" type=\"text/html\"/>"
                text += "</source>\n"
            }
            text += "</entry>\n"
        }
        return text + "</feed>\n"
    }

    /// Text made safe inside XML: markup escaped, and the characters XML 1.0 forbids (controls) dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func date(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
