public import Foundation

/// Completes file paths for commands that take one (`import FILE`, `export FILE`), the way a shell does.
///
/// Candidates keep the form the user typed (`~/`, relative or absolute), directories end in `/` so completion can
/// go on into them, and hidden entries appear only when the typed name starts with a dot.
public struct FilePathCompleter: Sendable {
    /// The directory relative paths are resolved against (the process's current directory by default).
    public let baseDirectory: URL
    /// The home directory `~` stands for.
    public let homeDirectory: URL

    /// A completer resolving relative paths against `baseDirectory` and `~` against `homeDirectory`.
    public init(
        baseDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
        homeDirectory: URL = XDGDirectories().home
    ) {
        self.baseDirectory = baseDirectory
        self.homeDirectory = homeDirectory
    }

    /// The paths that complete `word`, sorted; empty when the directory cannot be read.
    public func candidates(for word: String) -> [String] {
        let typedDirectory: String
        let namePrefix: String
        if let slash = word.lastIndex(of: "/") {
            typedDirectory = String(word[...slash])
            namePrefix = String(word[word.index(after: slash)...])
        } else if word == "~" {
            return ["~/"]
        } else {
            typedDirectory = ""
            namePrefix = word
        }
        let directory = resolve(typedDirectory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var results: [String] = []
        for name in names where name.hasPrefix(namePrefix) {
            if name.hasPrefix("."), !namePrefix.hasPrefix(".") { continue }
            var isDirectory: ObjCBool = false
            let full = directory.appendingPathComponent(name).path
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            results.append(typedDirectory + name + (isDirectory.boolValue ? "/" : ""))
        }
        return results.sorted()
    }

    /// A ``Completer`` completing every word as a path: for a line that is only a path.
    public var completer: Completer {
        { request in self.candidates(for: request.word) }
    }

    private func resolve(_ typedDirectory: String) -> URL {
        if typedDirectory.isEmpty { return baseDirectory }
        if typedDirectory.hasPrefix("~/") {
            return homeDirectory.appendingPathComponent(String(typedDirectory.dropFirst(2)), isDirectory: true)
        }
        if typedDirectory.hasPrefix("/") { return URL(fileURLWithPath: typedDirectory, isDirectory: true) }
        return baseDirectory.appendingPathComponent(typedDirectory, isDirectory: true)
    }
}
