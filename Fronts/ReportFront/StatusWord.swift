import Foundation
import FrontKit
import RssCore

/// How a fetch result is named: status lines on standard error, and the JSON `status` field.
enum StatusWord {
    /// `OK   Name (3 new)`, `304  Name`, `SKIP Name (why)`, `FAIL Name (PARSE: why)`; a move the fetch made
    /// the source take is said after it.
    static func line(name: String, result: SourceFetchReport.Result, movedTo: URL? = nil, calendar: Calendar) -> String {
        let time = { (date: Date) in LocalTime.minutesWithZone(date, calendar: calendar) }
        let line: String
        switch result {
        case .fetched(let new): line = "OK   \(name)" + (new > 0 ? " (\(new) new)" : "")
        case .notModified: line = "304  \(name)"
        case .skipped(let until): line = "SKIP \(name) (the server asked to wait until \(time(until)))"
        case .notDue(let until): line = "SKIP \(name) (not due until \(time(until)))"
        case .backingOff(let until): line = "SKIP \(name) (backing off until \(time(until)))"
        case .disabled: line = disabledLine(name: name)
        case .failed(let error) where error.httpStatus == 410:
            line = "FAIL \(name) (\(UserMessage.line(ProblemText.fetch(error))); disabled)"
        case .failed(let error): line = "FAIL \(name) (\(UserMessage.line(ProblemText.fetch(error))))"
        case .notStored(let problem): line = "FAIL \(name) (\(UserMessage.line(ProblemText.database(problem))))"
        }
        guard let movedTo else { return line }
        return line + "; moved for good to \(UserMessage.line(FeedAddress.display(movedTo)))"
    }

    /// Whether `result` is a failure (printed even with `--quiet`).
    static func isFailure(_ result: SourceFetchReport.Result) -> Bool {
        switch result {
        case .failed, .notStored: true
        case .fetched, .notModified, .skipped, .notDue, .backingOff, .disabled: false
        }
    }

    /// `SKIP Name (disabled)`: a source of the report that is not refreshed (`disabled: gone` when its feed
    /// answered 410 and RssCore disabled it).
    static func disabledLine(name: String, isGone: Bool = false) -> String {
        "SKIP \(name) (disabled\(isGone ? ": gone" : ""))"
    }

    /// `ok`, `not-modified`, `skipped`, `not-due`, `backing-off`, `disabled`, `failed`, or nil when not fetched.
    static func json(_ result: SourceFetchReport.Result?) -> String? {
        switch result {
        case nil: nil
        case .fetched: "ok"
        case .notModified: "not-modified"
        case .skipped: "skipped"
        case .notDue: "not-due"
        case .backingOff: "backing-off"
        case .disabled: "disabled"
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
