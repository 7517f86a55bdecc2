// Compiled only with the package trait `Benchmarks`, which the Benchmarks package enables (see README.md).
#if Benchmarks
    public import Foundation

    /// Hooks for `schedule-bench`, which runs the reader's timer over a simulated day: a state of many sources,
    /// and a finished fetch applied the way a refresh applies it.
    @_spi(Benchmarks)
    extension BenchmarkSupport {
        /// One source of a benchmark state: its id, its own interval and hints, and its last fetch.
        public struct ScheduledSource: Sendable {
            /// Its id, which decides its slot.
            public var id: UUID
            /// Its own interval (`set-source`), if any.
            public var interval: TimeInterval?
            /// What its feed and server ask.
            public var hints: RefreshHints
            /// Its last fetch, if any.
            public var lastFetch: Date?

            /// A source of the benchmark.
            public init(id: UUID, interval: TimeInterval?, hints: RefreshHints, lastFetch: Date?) {
                self.id = id
                self.interval = interval
                self.hints = hints
                self.lastFetch = lastFetch
            }
        }

        /// A started state holding `sources` (at `https://bench.example/N.xml`) and the default settings.
        public static func scheduleState(_ sources: [ScheduledSource]) -> RssState {
            var state = RssState()
            state.sources.all = sources.enumerated().map { index, source in
                Source(
                    id: source.id, url: URL(string: "https://bench.example/\(index).xml")!, title: "Source \(index)",
                    addedAt: Date(timeIntervalSince1970: 0),
                    status: FetchStatus(lastSuccess: source.lastFetch, hints: source.hints),
                    refreshInterval: source.interval)
            }
            state.isStarted = true
            return state
        }

        /// Applies to `state` what a refresh applies when the pending source `id` was fetched at `date` and
        /// had not changed: the action the refresh side effect dispatches, through its reducer.
        public static func finishFetch(_ id: UUID, at date: Date, in state: inout RssState) {
            guard var status = state.sources[id]?.status else { return }
            status.lastSuccess = date
            status.lastAttempt = date
            SourceFetched(
                id: id, generation: state.refresh.generation,
                outcome: FetchOutcome(status: status, wasNotModified: true), date: date
            ).updateState(&state)
        }
    }
#endif
