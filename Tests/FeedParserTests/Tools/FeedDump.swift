// Prints FeedParser's model of one file as JSON (dates as seconds since 1970), for compare_with_feedparser.py.
// Built by compare_with_feedparser.sh together with the FeedParser sources.
import Foundation

@main
struct FeedDump {
    static func main() {
        let args = CommandLine.arguments
        guard args.count >= 2, let data = FileManager.default.contents(atPath: args[1]) else {
            print("usage: feedparser-dump FILE [BASE-URL]")
            return
        }
        do {
            let feed = try FeedParser().parse(data, url: URL(string: args.count > 2 ? args[2] : "http://example.com/feed"))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            FileHandle.standardOutput.write(try encoder.encode(feed))
        } catch {
            print("{\"error\": \"\(error)\"}")
        }
    }
}
