public import Foundation
public import RssCore

/// How fronts name a source in messages and status lines.
public enum SourceName {
    /// Its title, or its address (without credentials) while the title is only the host it stands in for
    /// until a fetch succeeds, since every failing feed of one host would otherwise read the same
    /// (`FAIL example.org (HTTP 404 …)` three times, and which one is it?). One line, safe for a terminal.
    public static func of(_ source: Source) -> String {
        let isWeb = ["http", "https"].contains(source.url.scheme?.lowercased())
        guard isWeb, source.title == source.url.host else { return UserMessage.line(source.title) }
        return UserMessage.line(FeedAddress.display(source.url))
    }

    /// The name of the source `id` in `sources`, or "a removed source".
    public static func of(_ id: UUID, in sources: SourcesState) -> String {
        sources[id].map(of) ?? "a removed source"
    }
}
