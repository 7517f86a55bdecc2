/// Why a reader could not be built; one line for the user, with no credentials or SQL in it.
public enum RssError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created.
    case cannotOpenDatabase(path: String, reason: String)
    /// The database was written by a newer version of this program.
    case databaseIsNewer(found: Int, supported: Int)
    /// Reading the database failed.
    case database(String)

    /// The message a front prints.
    public var description: String {
        switch self {
        case .cannotOpenDatabase(let path, let reason): "cannot open the database \(path): \(reason)"
        case .databaseIsNewer(let found, let supported):
            "the database was written by a newer version of this program (schema \(found), this one knows \(supported))"
        case .database(let message): message
        }
    }

    init(_ error: StorageError) {
        switch error {
        case .cannotOpen(let path, let reason): self = .cannotOpenDatabase(path: path, reason: reason)
        case .newerSchema(let found, let supported): self = .databaseIsNewer(found: found, supported: supported)
        default: self = .database(error.description)
        }
    }
}
