/// An action that can be written to an ``ActionJournal`` and read back for replay.
///
/// Its `Codable` form must hold everything its reducer reads, which a pure reducer guarantees.
public protocol JournaledAction: Action, Codable {
    /// The name written in the journal. Defaults to the module-qualified type name; give a fixed name to
    /// keep old journals readable after renaming the type.
    static var journalName: String { get }
}

extension JournaledAction {
    /// The module-qualified type name.
    public static var journalName: String { String(reflecting: Self.self) }
}
