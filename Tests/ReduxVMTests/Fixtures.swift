import ReduxVM

struct CounterState: Equatable, Sendable, Codable {
    var count = 0
    var label = ""
}

struct Increment: JournaledAction, Hashable {
    var by = 1
    func updateState(_ state: inout CounterState) { state.count += by }
}
