import Foundation

/// Test data copied into this target (see Fixtures/*/README and MANIFEST files for sources and licences).
enum Fixtures {
    static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    static func text(_ relative: String) throws -> String { try String(decoding: data(relative), as: UTF8.self) }

    /// JSON Lines rows of a fixture file.
    static func jsonLines(_ relative: String) throws -> [[String: Any]] {
        try text(relative).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Every regular file under `folder`, sorted, as paths relative to the fixtures root.
    static func files(under folder: String) -> [String] {
        let base = url(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var result: [String] = []
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            result.append(folder + "/" + file.path.dropFirst(base.path.count + 1))
        }
        return result.sorted()
    }

    static var knownMisses: String {
        let url = Bundle.module.url(forResource: "KNOWN_MISSES", withExtension: "md")!
        return (try? String(decoding: Data(contentsOf: url), as: UTF8.self)) ?? ""
    }
}
