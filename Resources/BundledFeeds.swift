public import Foundation

/// The feeds that ship with the program: sample feeds readable offline through `file://`, and the
/// preinstalled subscription list of the original app.
public enum BundledFeeds {
    /// The sample feed files, in a stable order (see `Samples/README.md` for what each one is).
    static let sampleNames = [
        "DaringFireball.json", "bio.rdf", "qemu.atom", "russcox.atom", "scriptingNews.rss", "theomnishow.rss",
    ]

    /// The sample feeds, as `file://` URLs inside the program's resources.
    public static var samples: [URL] {
        sampleNames.compactMap { name in
            let dot = name.lastIndex(of: ".") ?? name.endIndex
            return Bundle.module.url(
                forResource: String(name[..<dot]), withExtension: String(name[name.index(after: dot)...]),
                subdirectory: "Samples")
        }
    }

    /// The preinstalled subscriptions, as an OPML file (network feeds).
    public static var preinstalledOPML: URL? {
        Bundle.module.url(forResource: "Preinstalled", withExtension: "opml")
    }
}
