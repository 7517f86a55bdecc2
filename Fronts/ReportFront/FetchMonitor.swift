import Foundation
import ReduxVM
import RssCore
import Synchronization

/// Watches the store for finished fetches and failed operations: prints one status line per fetched source on
/// standard error as it finishes, and keeps the results for the report and the exit status.
final class FetchMonitor: StoreSubscriber {
    typealias State = RssState

    struct Record: Sendable, Equatable {
        var results: [UUID: SourceFetchReport.Result] = [:]
        var newBySource: [UUID: Int] = [:]
        /// Error notices that are not fetch failures (storage, files), in order.
        var problems: [String] = []
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
            let isFailure = if case .failed = report.result { true } else { false }
            if !quiet || isFailure {
                let name = box.state.sources[report.sourceID].map(StatusWord.name(of:)) ?? "source"
                StandardStreams.err(StatusWord.line(name: name, result: report.result, calendar: calendar))
            }
            return
        }
        let firstNew = box.oldState.notices.nextID
        let errors = box.state.notices.items.filter { $0.id >= firstNew && $0.kind == .error }.map(\.text)
        guard !errors.isEmpty else { return }
        record.withLock { $0.problems.append(contentsOf: errors) }
    }
}
