import Foundation
import RssCore
import TerminalText

/// How a fetch result is named: status lines on standard error, and the JSON `status` field.
enum StatusWord {
    /// `OK   Name (3 new)`, `304  Name`, `SKIP Name (why)`, `FAIL Name (PARSE: why)`.
    static func line(name: String, result: SourceFetchReport.Result, calendar: Calendar) -> String {
        switch result {
        case .fetched(let new): "OK   \(name)" + (new > 0 ? " (\(new) new)" : "")
        case .notModified: "304  \(name)"
        case .skipped(let until):
            "SKIP \(name) (the server asked to wait until \(LocalTime.minutesWithZone(until, calendar: calendar)))"
        case .failed(let error): "FAIL \(name) (\(Text.line(error.description)))"
        }
    }

    /// The name a status line gives `source`: its title, or its address (without credentials) while the title
    /// is only the host it stands in for until a fetch succeeds, since every failing feed of one host would
    /// otherwise read the same (`FAIL example.org (HTTP 404 …)` three times, and which one is it?).
    static func name(of source: Source) -> String {
        let isWeb = ["http", "https"].contains(source.url.scheme?.lowercased())
        guard isWeb, source.title == source.url.host else { return Text.line(source.title) }
        return Text.line(FeedAddress.display(source.url))
    }

    /// `SKIP Name (disabled)`: a source of the report that is not refreshed.
    static func disabledLine(name: String) -> String {
        "SKIP \(name) (disabled)"
    }

    /// `ok`, `not-modified`, `skipped`, `failed`, or nil when not fetched.
    static func json(_ result: SourceFetchReport.Result?) -> String? {
        switch result {
        case nil: nil
        case .fetched: "ok"
        case .notModified: "not-modified"
        case .skipped: "skipped"
        case .failed: "failed"
        }
    }

    /// The error of a failed fetch, as text.
    static func errorText(_ result: SourceFetchReport.Result?) -> String? {
        if case .failed(let error) = result { return Text.line(error.description) }
        return nil
    }
}
