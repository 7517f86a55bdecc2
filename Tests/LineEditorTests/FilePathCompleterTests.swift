import Foundation
import LineEditor
import Testing

@Suite("File path completion")
struct FilePathCompleterTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fpc-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("feeds/nested"), withIntermediateDirectories: true)
        for name in ["feeds.opml", "feeds/a.xml", "feeds/b.xml", ".hidden", "notes.txt"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
    }

    @Test("relative, nested, hidden and home-relative paths")
    func candidates() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = FilePathCompleter(baseDirectory: root, homeDirectory: root)
        #expect(completer.candidates(for: "fe") == ["feeds.opml", "feeds/"])
        #expect(completer.candidates(for: "feeds/") == ["feeds/a.xml", "feeds/b.xml", "feeds/nested/"])
        #expect(completer.candidates(for: "") == ["feeds.opml", "feeds/", "notes.txt"])
        #expect(completer.candidates(for: ".h") == [".hidden"])
        #expect(completer.candidates(for: "~/no") == ["~/notes.txt"])
        #expect(completer.candidates(for: root.path + "/n") == [root.path + "/notes.txt"])
        #expect(completer.candidates(for: "missing/x").isEmpty)
    }
}
