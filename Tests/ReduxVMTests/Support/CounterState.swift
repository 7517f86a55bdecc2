import ReduxVM

/// A small state used across the engine's tests.
struct CounterState: Equatable, Sendable, Codable {
    var count = 0
    var label = ""
    var history: [Int] = []
}

struct Increment: JournaledAction, Hashable {
    var by = 1
    func updateState(_ state: inout CounterState) { state.count += by }
}

struct SetLabel: JournaledAction, Hashable {
    var label: String
    func updateState(_ state: inout CounterState) { state.label = label }
}

/// Appends a value, so that the order in which actions were reduced can be read back from the state.
struct Append: JournaledAction, Hashable {
    var value: Int
    func updateState(_ state: inout CounterState) { state.history.append(value) }
}

/// An action that changes nothing.
struct Noop: Action {
    func updateState(_ state: inout CounterState) {}
}

/// A marker protocol, the way a UI tag is declared.
protocol LabelTag {}
extension SetLabel: LabelTag {}
