public import Foundation
public import ReduxVM

/// Gives a source the user's own name, shown instead of its feed's title and kept when later fetches bring
/// another; a nil or blank title gives the source its feed's title back. Stored at once. A source that is not
/// followed posts ``RssProblem/unknownSource(_:)``.
public struct RenameSource: JournaledAction, SourcesTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.RenameSource"
    /// The source.
    let id: UUID
    /// The new name (one line; surrounding whitespace is dropped), or nil for the feed's own title.
    let title: String?
    /// When it was asked for.
    let date: Date

    /// Renames the source `id` to `title` (nil: back to its feed's title).
    public init(id: UUID, title: String?, date: Date = Date()) {
        self.id = id
        self.title = title
        self.date = date
    }

    /// Sets the shown title, keeping the feed's own while the source is renamed.
    public func updateState(_ state: inout RssState) {
        guard state.sources[id] != nil else {
            state.notices.post(.unknownSource(id), at: date)
            return
        }
        let name = title.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }?
            .trimmingCharacters(in: .whitespaces)
        state.sources.update(id) { source in
            let feedTitle = source.feedTitle ?? source.title
            if let name, !name.isEmpty {
                source.title = name
                source.feedTitle = feedTitle
            } else {
                source.title = feedTitle
                source.feedTitle = nil
            }
        }
    }
}

extension Source {
    /// The user's name, when the source was renamed; nil when it shows its feed's title.
    var customTitle: String? { feedTitle == nil ? nil : title }

    /// Takes the title a fetch found: shown, unless the user renamed the source.
    mutating func takeFeedTitle(_ title: String) {
        if feedTitle == nil { self.title = title } else { feedTitle = title }
    }
}
