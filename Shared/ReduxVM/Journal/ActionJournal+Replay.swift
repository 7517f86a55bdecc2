public import Foundation

extension ActionJournal {
    /// The actions recorded in the journal at `url`, in order, decoded with `registry`.
    public static func actions(
        contentsOf url: URL, registry: JournalRegistry<State>
    ) throws(JournalError) -> [any Action<State>] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .cannotRead(path: url.path, reason: error.localizedDescription)
        }
        var actions: [any Action<State>] = []
        let decoder = JSONDecoder()
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
            let number = index + 1
            let header: JournalLine.Header
            do {
                header = try decoder.decode(JournalLine.Header.self, from: line)
            } catch {
                throw .malformedLine(number: number, reason: String(describing: error))
            }
            if header.unrecorded == true {
                throw .unrecordedAction(name: header.action, line: number)
            }
            guard let decode = registry.decoders[header.action] else {
                throw .unknownAction(name: header.action, line: number)
            }
            do {
                actions.append(try decode(Data(line)))
            } catch {
                throw .malformedLine(number: number, reason: String(describing: error))
            }
        }
        return actions
    }

    /// Rebuilds a session's state: applies the journal's actions to `initial` through their reducers only,
    /// with no middleware, subscribers or side effects.
    public static func replay(
        contentsOf url: URL, onto initial: State, registry: JournalRegistry<State>
    ) throws(JournalError) -> State {
        var state = initial
        for action in try actions(contentsOf: url, registry: registry) {
            action.updateState(&state)
        }
        return state
    }
}
