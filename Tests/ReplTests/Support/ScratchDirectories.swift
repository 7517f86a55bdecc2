import Foundation
import Synchronization

/// The directories tests made for their databases and files, removed when the test process exits (a failed test
/// ends the process as a passing one does): the REPL's tests hand their directories around as plain URLs, to
/// processes and to each other, so no one value owns one. `scripts/test` runs the suite in a temporary directory
/// of its own as well, which it removes after a crash too.
enum ScratchDirectories {
    private static let made = Mutex<[URL]>([])
    private static let registered = Atomic(false)

    /// Removes `directory` and what is in it when the process exits.
    static func removeAtExit(_ directory: URL) {
        made.withLock { $0.append(directory) }
        if registered.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            atexit { ScratchDirectories.removeAll() }
        }
    }

    private static func removeAll() {
        for directory in made.withLock({ $0 }) {
            try? FileManager.default.removeItem(at: directory)  // scratch space: nothing to report at exit
        }
    }
}
