public import Foundation

/// The feeds that ship with the program: sample feeds readable offline through `file://`, and the
/// preinstalled subscription list a new reader starts with.
///
/// They are found wherever the program runs from, never by a path fixed at build time: next to the
/// executable (where `swift build` puts the resource bundle, and where an install may copy it), in the
/// install layout `PREFIX/bin/rss-repl` + `PREFIX/share/rss-reeder/`, or in the source tree. A program that
/// finds none has no samples (an empty list), rather than stopping as `Bundle.module` would.
public enum BundledFeeds {
    /// The sample feed files, in a stable order (see `Samples/README.md` for what each one is).
    static let sampleNames = [
        "DaringFireball.json", "bio.rdf", "qemu.atom", "russcox.atom", "scriptingNews.rss", "theomnishow.rss",
    ]

    /// The name SwiftPM gives this target's resource bundle.
    static let bundleName = "RssReeder_RssResources.resources"

    /// The folder holding `Preinstalled.opml` and `Samples/`, or nil when the program was moved without them.
    public static let directory: URL? = candidateDirectories().first { folder in
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Preinstalled.opml").path)
    }

    /// The sample feeds, as `file://` URLs.
    public static var samples: [URL] {
        guard let directory else { return [] }
        return sampleNames.map { directory.appendingPathComponent("Samples/\($0)") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The preinstalled subscriptions: the original app's news feeds, and the samples by relative address.
    public static var preinstalledOPML: URL? {
        directory?.appendingPathComponent("Preinstalled.opml")
    }

    /// Where to look, in order: beside the executable (symbolic links followed), the install layout, the
    /// source tree this file was compiled from.
    static func candidateDirectories(executable: URL? = Bundle.main.executableURL) -> [URL] {
        var folders: [URL] = []
        if let binary = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            folders.append(binary.appendingPathComponent(bundleName))
            folders.append(binary.deletingLastPathComponent().appendingPathComponent("share/rss-reeder"))
        }
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return folders.map(\.standardizedFileURL)
    }
}
