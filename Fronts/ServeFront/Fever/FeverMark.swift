import Foundation
import ServeCore

/// A change a Fever app asks for: `mark=item|feed|group`, `as=read|unread|saved|unsaved`, `id=N`, and for a
/// feed or group `before=T`, only what was stored before T (Unix seconds: when the app last asked for items,
/// so that what arrived since stays unread).
struct FeverMark: Equatable, Sendable {
    /// What is marked.
    enum Target: Equatable, Sendable {
        /// One item, by its number.
        case item(Int64)
        /// A feed's items.
        case feed(Int64)
        /// A group's items: 0 is Kindling (every feed), -1 Sparks (none here).
        case group(Int64)
    }

    /// How: `read`, `unread` (undocumented, but every app sends it), `saved`, `unsaved` (set, not toggled).
    enum Change: String, Sendable {
        case read, unread, saved, unsaved
    }

    let target: Target
    let change: Change
    /// `before`, for a feed or group; nil when not sent.
    let before: Date?

    init(target: Target, change: Change, before: Date? = nil) {
        self.target = target
        self.change = change
        self.before = before
    }

    /// The mark `parameters` ask for; nil when they ask none, or one this server cannot make sense of (an
    /// unknown kind or state, an id that is not a number), which is answered as if no mark was asked, as
    /// Fever servers do.
    init?(_ parameters: FeverParameters) {
        guard let kind = parameters["mark"], let change = parameters["as"].flatMap(Change.init(rawValue:)),
            let idText = parameters["id"]
        else { return nil }
        let target: Target? =
            switch kind {
            case "item": FeverNumber.natural(idText).map(Target.item)
            case "feed": FeverNumber.natural(idText).map(Target.feed)
            case "group": FeverNumber.integer(idText).map(Target.group)
            default: nil
            }
        guard let target else { return nil }
        self.target = target
        self.change = change
        before = parameters["before"].flatMap(FeverNumber.natural).map(FeverNumber.date)
    }

    /// Which id list the answer carries after this mark (the spec: "one of these members will be returned as
    /// appropriate when marking"): the saved ids after saved and unsaved, the unread ids after a feed or group
    /// was marked read; nil after an item was marked read or unread.
    ///
    /// Not after an item's read mark, as Miniflux answers it (whose users include Unread and Reeder): apps
    /// mark items one request at a time as they are read, and with a hundred thousand unread articles each
    /// answer would be 600 KB and a read of every unread article, for a list the app already knows.
    var answersWith: FeverRead? {
        switch (target, change) {
        case (_, .saved), (_, .unsaved): .savedItemIDs
        case (.item, _): nil
        case (.feed, _), (.group, _): .unreadItemIDs
        }
    }
}
