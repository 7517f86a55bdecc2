/// Why a journal could not be written or replayed.
public enum JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The journal file could not be opened or written.
    case cannotWrite(path: String, reason: String)
    /// The journal file could not be read.
    case cannotRead(path: String, reason: String)
    /// A line is not a journal entry.
    case malformedLine(number: Int, reason: String)
    /// A line names an action type the registry does not know.
    case unknownAction(name: String, line: Int)
    /// The session dispatched an action that is not a ``JournaledAction``, so the journal has a gap there
    /// and replay cannot rebuild the same state.
    case unrecordedAction(name: String, line: Int)
    /// The file does not start with the format line of the journals replay expects: another program's file,
    /// or not a journal at all.
    case notAJournal(path: String, expected: String)
    /// The journal was written in a newer version of the format than this program reads.
    case newerVersion(found: Int, supported: Int, writer: String?)

    /// A one-line explanation for the user.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write journal \(path): \(reason)"
        case .cannotRead(let path, let reason): "cannot read journal \(path): \(reason)"
        case .malformedLine(let number, let reason): "journal line \(number) is malformed: \(reason)"
        case .unknownAction(let name, let line):
            "journal line \(line) names action \(name), which is not registered for replay"
        case .unrecordedAction(let name, let line):
            "journal line \(line): action \(name) is not journaled (not a JournaledAction); replay would diverge"
        case .notAJournal(let path, let expected): "\(path) is not a journal (no \(expected) format line)"
        case .newerVersion(let found, let supported, let writer):
            "the journal is format version \(found)\(writer.map { " (written by \($0))" } ?? ""); this program reads up to version \(supported)"
        }
    }
}
