import Foundation

/// The programs on `PATH` whose names start with a prefix: what Tab offers for `pipe`'s command.
enum ProgramNames {
    /// Executable files in the directories of `path` (`:`-separated) named `prefix…`, sorted, each once.
    static func matching(_ prefix: String, path: String) -> [String] {
        var names: Set<String> = []
        for directory in path.split(separator: ":") where !directory.isEmpty {
            // A directory of PATH that is missing or unreadable simply offers nothing.
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: String(directory))) ?? []
            for name in entries where name.hasPrefix(prefix) && !names.contains(name) {
                if FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") { names.insert(name) }
            }
        }
        return names.sorted()
    }
}
