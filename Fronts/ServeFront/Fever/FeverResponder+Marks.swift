import Foundation
import RssCore
import ServeCore

extension FeverResponder {
    /// Makes `mark`, and returns once the database has it. A mark of something unknown (an item no longer
    /// stored, a feed or group that is gone, Sparks) changes nothing, and the request is answered all the same.
    ///
    /// A feed or group is marked read up to `before` compared with when this reader **stored** each article
    /// (the app's last request for items), not with the article's date: an old article fetched since the app
    /// last looked stays unread. Without `before`, up to `now`. Fever has no "unread" for a feed or group.
    func apply(_ mark: FeverMark, directory: FeverDirectory?, now: Date) async throws {
        let bound = MarkAllRead.Bound.storedBefore(mark.before ?? now)
        switch mark.target {
        case .item(let number):
            try await library.mark(numbers: [number], [mark.change.itemMark])
        case .feed(let number):
            guard mark.change == .read, let source = directory?.source(numbered: number) else { return }
            try await library.markAllRead(sources: [source.id], bound: bound)
        case .group(let number):
            guard mark.change == .read, let directory else { return }
            if number == 0 {
                try await library.markAllRead(sources: nil, bound: bound)
            } else if let tag = directory.tag(numbered: number) {
                // By the tag itself: RssCore resolves its sources where it stores the marks.
                try await library.markAllRead(tag: tag, bound: bound)
            } else if let sources = directory.sources(inGroup: number), !sources.isEmpty {
                // The untagged group.
                try await library.markAllRead(sources: sources, bound: bound)
            }
        }
    }
}

extension FeverMark.Target {
    /// Whether it names a feed or a group, which the library's numbers resolve.
    var isCollection: Bool {
        if case .item = self { return false }
        return true
    }
}

extension FeverMark.Change {
    /// The mark it sets on an item.
    var itemMark: ServeLibrary.ItemMark {
        switch self {
        case .read: .read
        case .unread: .unread
        case .saved: .starred
        case .unsaved: .unstarred
        }
    }
}
