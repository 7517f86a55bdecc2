import Foundation

/// The action types a journal may contain, by ``JournaledAction/journalName``, for decoding on replay.
///
/// ```swift
/// var registry = JournalRegistry<CounterState>()
/// registry.register(Increment.self)
/// let state = try ActionJournal.replay(contentsOf: url, onto: CounterState(), registry: registry)
/// ```
public struct JournalRegistry<State: Sendable>: Sendable {
    typealias Decode = @Sendable (Data) throws -> any Action<State>

    private(set) var decoders: [String: Decode] = [:]

    /// The journal names of the registered types.
    public var names: Set<String> { Set(decoders.keys) }

    /// An empty registry.
    public init() {}

    /// Adds `type`, so that journal lines naming it can be decoded.
    public mutating func register<A: JournaledAction>(_ type: A.Type) where A.State == State {
        decoders[A.journalName] = { line in
            try JSONDecoder().decode(JournalLine.Payload<A>.self, from: line).payload
        }
    }
}
