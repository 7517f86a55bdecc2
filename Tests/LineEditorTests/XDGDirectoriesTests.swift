import Foundation
import LineEditor
import Testing

@Suite("XDG directories")
struct XDGDirectoriesTests {
    @Test("absolute variables win, relative or empty ones fall back to HOME")
    func resolution() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_STATE_HOME": "/tmp/state", "XDG_DATA_HOME": "relative/data",
            "XDG_CONFIG_HOME": "",
        ])
        #expect(directories.home.path == "/home/ann")
        #expect(directories.stateHome.path == "/tmp/state")
        #expect(directories.dataHome.path == "/home/ann/.local/share")
        #expect(directories.configHome.path == "/home/ann/.config")
        #expect(directories.cacheHome.path == "/home/ann/.cache")
        #expect(directories.stateFile("history", application: "rss-reeder").path == "/tmp/state/rss-reeder/history")
        #expect(
            directories.dataFile("db.sqlite", application: "rss-reeder").path
                == "/home/ann/.local/share/rss-reeder/db.sqlite")
    }

    @Test("home is HOME when absolute (what ~ means), else the system's")
    func home() {
        #expect(XDGDirectories(environment: ["HOME": "/tmp/elsewhere"]).home.path == "/tmp/elsewhere")
        #expect(
            XDGDirectories(environment: ["HOME": "relative"]).home.path
                == FileManager.default.homeDirectoryForCurrentUser.path)
    }
}
