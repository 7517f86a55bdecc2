import Foundation
import FrontKit
import RssCore

/// How a fetch result is named: status lines on standard error, and the JSON `status` field.
enum StatusWord {
    /// `OK   Name (3 new)`, `304  Name`, `SKIP Name (why)`, `FAIL Name (PARSE: why)`.
    static func line(name: String, result: SourceFetchReport.Result, calendar: Calendar) -> String {
        switch result {
        case .fetched(let new): "OK   \(name)" + (new > 0 ? " (\(new) new)" : "")
        case .notModified: "304  \(name)"
        case .skipped(let until):
            "SKIP \(name) (the server asked to wait until \(LocalTime.minutesWithZone(until, calendar: calendar)))"
        case .failed(let error): "FAIL \(name) (\(UserMessage.line(ProblemText.fetch(error))))"
        case .notStored(let problem): "FAIL \(name) (\(UserMessage.line(ProblemText.database(problem))))"
        }
    }

    /// Whether `result` is a failure (printed even with `--quiet`).
    static func isFailure(_ result: SourceFetchReport.Result) -> Bool {
        switch result {
        case .failed, .notStored: true
        case .fetched, .notModified, .skipped: false
        }
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
        case .failed, .notStored: "failed"
        }
    }

    /// The error of a failed fetch, as text.
    static func errorText(_ result: SourceFetchReport.Result?) -> String? {
        switch result {
        case .failed(let error): UserMessage.line(ProblemText.fetch(error))
        case .notStored(let problem): UserMessage.line(ProblemText.database(problem))
        default: nil
        }
    }
}
