import Foundation

/// Faults the end-to-end tests inject into the storage layer of a debug build, since a full disk, an I/O
/// error or a damaged page cannot be had on demand on every machine: `RSS_REEDER_TEST_FAULT=OPERATION:FAILURE`
/// (`storeFeed:full`, `readArticles:damaged`, `saveMarks:ioError`, `checkpoint:readOnly`) makes every
/// database call of that operation fail so, exactly as SQLite's own error would be reported. Release builds
/// have no hook.
enum StorageFaults {
    #if DEBUG
        /// The fault the environment asks for, read once.
        static let injected: (operation: DatabaseOperation, failure: DatabaseFailure)? = parse(
            ProcessInfo.processInfo.environment["RSS_REEDER_TEST_FAULT"])

        static func parse(_ text: String?) -> (operation: DatabaseOperation, failure: DatabaseFailure)? {
            guard let parts = text?.split(separator: ":"), parts.count == 2,
                let operation = DatabaseOperation(rawValue: String(parts[0]))
            else { return nil }
            let failure: DatabaseFailure? =
                switch parts[1] {
                case "full": .full
                case "ioError": .ioError
                case "damaged": .damaged
                case "readOnly": .readOnly
                case "busy": .busy
                default: nil
                }
            return failure.map { (operation, $0) }
        }
    #endif

    /// Throws the injected fault when it names `operation`.
    @inline(__always)
    static func check(_ operation: DatabaseOperation, path: String) throws(DatabaseProblem) {
        #if DEBUG
            if let injected, injected.operation == operation {
                throw DatabaseProblem(path: path, operation: operation, failure: injected.failure)
            }
        #endif
    }
}
