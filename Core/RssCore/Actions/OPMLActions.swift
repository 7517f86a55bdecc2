public import Foundation
public import ReduxVM

/// Imports the subscriptions of an OPML file: new feeds are added (folders become tags) and fetched;
/// feeds already followed are left alone.
public struct ImportOPML: JournaledAction, NoticesTag {
    /// The OPML file to read.
    public let file: URL
    /// When the import was asked for (the added sources' date).
    public let date: Date

    /// Imports `file`.
    public init(file: URL, date: Date = Date()) {
        self.file = file
        self.date = date
    }

    /// Nothing changes until the file is read.
    public func updateState(_ state: inout RssState) {}
}

/// Writes every source to an OPML 2.0 file, tags as folders.
public struct ExportOPML: JournaledAction, NoticesTag {
    /// Where to write.
    public let file: URL

    /// Exports to `file`.
    public init(file: URL) {
        self.file = file
    }

    /// Nothing changes until the file is written.
    public func updateState(_ state: inout RssState) {}
}

/// The sources read from an OPML file, with ids and dates made by the side effect.
struct SourcesImported: Action, SourcesTag, NoticesTag {
    let sources: [Source]
    let file: String
    let date: Date

    func updateState(_ state: inout RssState) {
        let known = Set(state.sources.all.map(\.url))
        var seen = Set<URL>()
        let fresh = sources.filter { !known.contains($0.url) && seen.insert($0.url).inserted }
        state.sources.all.append(contentsOf: fresh)
        let skipped = sources.count - fresh.count
        let note = skipped > 0 ? " (\(skipped) already followed)" : ""
        state.notices.post(.info, "imported \(fresh.count) source\(fresh.count == 1 ? "" : "s") from \(file)\(note)", at: date)
    }

    /// The ids this import actually added to `state`.
    func added(in box: StateBox<RssState>) -> [UUID] {
        let before = Set(box.oldState.sources.all.map(\.id))
        return box.state.sources.all.map(\.id).filter { !before.contains($0) }
    }
}
