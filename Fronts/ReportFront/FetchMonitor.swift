import Foundation
import FrontKit
import ReduxVM
import RssCore
import Synchronization

/// Watches the store for finished fetches and problems: prints one status line per fetched source on
/// standard error as it finishes, and keeps the results and problems for the report and the exit status.
final class FetchMonitor: StoreSubscriber {
    typealias State = RssState

    struct Record: Sendable, Equatable {
        var results: [UUID: SourceFetchReport.Result] = [:]
        var newBySource: [UUID: Int] = [:]
        /// Problems that are not a source's fetch failure (the database, files), in order.
        var problems: [RssProblem] = []
    }

    private let record = Mutex(Record())
    private let quiet: Bool
    private let calendar: Calendar

    /// A monitor; with `quiet`, only failures are printed.
    init(quiet: Bool, calendar: Calendar) {
        self.quiet = quiet
        self.calendar = calendar
    }

    /// What was seen so far.
    var snapshot: Record { record.withLock { $0 } }

    func newState(box: StateBox<RssState>) {
        guard !box.isInitialDelivery else { return }
        if let report = box.sourceFetchReport {
            record.withLock { record in
                record.results[report.sourceID] = report.result
                if case .fetched(let new) = report.result { record.newBySource[report.sourceID, default: 0] += new }
            }
            if !quiet || StatusWord.isFailure(report.result) {
                let name = SourceName.of(report.sourceID, in: box.state.sources)
                StandardStreams.err(StatusWord.line(name: name, result: report.result, movedTo: report.movedTo, calendar: calendar))
            }
        }
        // Which feed a `--url` page led to, before the feed's own status line.
        if box.isNew(keyPath: \.discoveries) {
            for line in ReportSession.followedLines(box) { StandardStreams.err(line) }
        }
        let firstNew = box.oldState.notices.nextID
        let problems = box.state.notices.items.filter { $0.id >= firstNew }.compactMap(\.problem).filter {
            switch $0 {
            case .fetch: return false  // a status line says it
            case .alreadyFollowing: return false  // a page found again on a later run: its feed is the run's
            case .fullText: return false  // the run says which articles kept their feed's text
            default: return true
            }
        }
        guard !problems.isEmpty else { return }
        record.withLock { $0.problems.append(contentsOf: problems) }
    }
}
