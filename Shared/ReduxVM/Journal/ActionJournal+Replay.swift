public import Foundation

extension ActionJournal {
    /// The actions recorded in the journal at `url`, in order, decoded with `registry`.
    ///
    /// With `format`, the file must start with a format line of that name and a version no newer than
    /// `format`'s; without, a format line is skipped if there is one.
    public static func actions(
        contentsOf url: URL, registry: JournalRegistry<State>, format: JournalFormat? = nil
    ) throws(JournalError) -> [any Action<State>] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .cannotRead(path: url.path, reason: error.localizedDescription)
        }
        var actions: [any Action<State>] = []
        let decoder = JSONDecoder()
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)[...]
        // A first line that does not decode as a format line is an action: journals without one are read too.
        let found = lines.first.flatMap { try? decoder.decode(JournalFormat.self, from: $0) }
        if found != nil { lines = lines.dropFirst() }
        if let format {
            guard let found, found.format == format.format else {
                throw .notAJournal(path: url.path, expected: format.format)
            }
            guard found.version <= format.version else {
                throw .newerVersion(found: found.version, supported: format.version, writer: found.writer)
            }
        }
        for (offset, line) in lines.enumerated() {
            let number = offset + (found == nil ? 1 : 2)
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
        contentsOf url: URL, onto initial: State, registry: JournalRegistry<State>, format: JournalFormat? = nil
    ) throws(JournalError) -> State {
        var state = initial
        for action in try actions(contentsOf: url, registry: registry, format: format) {
            action.updateState(&state)
        }
        return state
    }
}
