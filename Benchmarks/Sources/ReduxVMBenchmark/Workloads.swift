import ReduxVM
import Synchronization

// The states, actions and subscribers of the engine benchmark, shared by the engine's runs and the bare
// loop's, so that both apply the same mutation and do the same work per delivery.

struct CounterState: Sendable, Equatable {
    var count = 0
    var label = ""
}

struct Increment: Action {
    func updateState(_ state: inout CounterState) { state.count += 1 }
}

/// One element of scenario (d)'s large state: a few fields, one of them a string, like a list row.
struct Row: Sendable, Equatable {
    var id: Int
    var value: Int
    var title: String
}

struct RowsState: Sendable, Equatable {
    var rows: [Row] = (0..<10_000).map { Row(id: $0, value: 0, title: "row \($0)") }
}

struct BumpRow: Action {
    let index: Int
    func updateState(_ state: inout RowsState) { state.rows[index].value += 1 }
}

/// Counts deliveries; an atomic, because the benchmark thread reads it after the run.
final class CountingSubscriber<State: Sendable>: StoreSubscriber {
    let deliveries = Atomic<Int>(0)

    func newState(box: StateBox<State>) { record() }

    /// The whole work of one delivery; the bare loop calls it directly.
    func record() { deliveries.add(1, ordering: .relaxed) }

    var count: Int { deliveries.load(ordering: .relaxed) }
}

/// A presenter for scenario (c): it reacts only to the label, which the benchmark never changes.
struct LabelPresenter: Presenter {
    func reaction(for box: StateBox<CounterState>) -> Reaction {
        box.isNew(keyPath: \.label) ? .props : .none
    }

    func props(for box: StateBox<CounterState>, trunk: Trunk<CounterState>) -> String? {
        box.state.label
    }
}

final class LabelView: PropsReceiver, Sendable {
    let renders = Atomic<Int>(0)
    func render(props: String) { renders.add(1, ordering: .relaxed) }
    var count: Int { renders.load(ordering: .relaxed) }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

func check(_ condition: Bool, _ what: String) throws {
    if !condition { throw BenchmarkFailure(description: "benchmark self-check failed: \(what)") }
}
