public import Foundation
public import ReduxVM

/// Files a source under more tags (those it has already stay, in their order; new ones follow, as written after
/// ``TagName``'s rules). Stored at once; a list showing one of these tags shows the source's articles.
/// A source that is not followed posts ``RssProblem/unknownSource(_:)``.
public struct TagSource: JournaledAction, SourcesTag, ListsTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.TagSource"
    /// The source.
    let id: UUID
    /// The tags to add.
    let tags: [String]
    /// When it was asked for.
    let date: Date

    /// Files the source `id` under `tags` too.
    public init(id: UUID, tags: [String], date: Date = Date()) {
        self.id = id
        self.tags = tags
        self.date = date
    }

    /// Adds the tags the source lacks; lists filtered by one of them reload.
    public func updateState(_ state: inout RssState) {
        state.changeTags(of: id, at: date) { current in
            current + TagName.normalized(tags).filter { !current.contains($0) }
        }
    }
}

/// Takes tags off a source (exactly as written after ``TagName``'s rules; tags it does not have are ignored).
/// Stored at once; a list showing one of these tags no longer shows the source's articles. A source that is not
/// followed posts ``RssProblem/unknownSource(_:)``.
public struct UntagSource: JournaledAction, SourcesTag, ListsTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.UntagSource"
    /// The source.
    let id: UUID
    /// The tags to remove.
    let tags: [String]
    /// When it was asked for.
    let date: Date

    /// Takes `tags` off the source `id`.
    public init(id: UUID, tags: [String], date: Date = Date()) {
        self.id = id
        self.tags = tags
        self.date = date
    }

    /// Removes the tags; lists filtered by one of them reload.
    public func updateState(_ state: inout RssState) {
        let removed = Set(TagName.normalized(tags))
        state.changeTags(of: id, at: date) { current in current.filter { !removed.contains($0) } }
    }
}

extension RssState {
    /// Gives source `id` the tags `change` makes of its current ones; reloads the lists filtered by a tag that
    /// came or went. Posts ``RssProblem/unknownSource(_:)`` for a source not followed.
    mutating func changeTags(of id: UUID, at date: Date, _ change: ([String]) -> [String]) {
        guard let source = sources[id] else {
            notices.post(.unknownSource(id), at: date)
            return
        }
        let tags = change(source.tags)
        guard tags != source.tags else { return }
        sources.update(id) { $0.tags = tags }
        let touched = Set(tags).symmetricDifference(source.tags)
        for list in ListID.allCases where lists[list].filter.tag.map(touched.contains) == true {
            lists[list].reload(resettingPage: false)
        }
    }
}
