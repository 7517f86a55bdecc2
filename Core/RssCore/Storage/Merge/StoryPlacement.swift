import Foundation
import GRDB

/// The stories step of a merge: a new article of a story another source's article already carries (the same
/// link once tracking parameters are gone, or the same title and opening within days: ``StoryLinking``) joins
/// that story, and takes its marks when each story is shown once (a mark on one copy is a mark on all).
struct StoryPlacement {
    /// Where a new article goes among the stories.
    struct Place: Equatable {
        /// The story it joins, nil for a story of its own.
        var match: StoryLinking.Match?
        /// Whether it is a copy of a visible story already shown: counted once in the lists.
        var isDuplicate = false

        /// The marks it is stored with: the rules' (`read`, `starred`), and the story's when it takes them.
        func marks(read: Bool, starred: Bool, showingStoriesOnce: Bool) -> (isRead: Bool, isStarred: Bool) {
            let inherits = showingStoriesOnce && match?.isHidden == false
            return (read || inherits && match?.isRead == true, starred || inherits && match?.isStarred == true)
        }
    }

    private let stories: StoryLinking

    init(_ db: Database) throws {
        stories = try StoryLinking(db)
    }

    /// The place of a new article of `sourceID` with `signature`, dated `date` (storage value), hidden when the
    /// rules hide it: the story it joins is made ready for it (named after its first copy when that was alone).
    func place(_ signature: StorySignature, sourceID: String, date: Double, hidden: Bool, _ db: Database) throws -> Place {
        guard let match = try stories.match(for: signature, sourceID: sourceID, date: date) else { return Place() }
        if match.story == nil {
            let name = try db.cachedStatement(sql: "UPDATE article SET story = rowid WHERE rowid = ?")
            try name.execute(arguments: [match.rowid])
        }
        guard !hidden else { return Place(match: match) }
        // Stored last, it is a duplicate when it is visible and a visible copy exists.
        let visible = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM article WHERE story = ? AND isHidden = 0)"),
            arguments: [match.storyNumber]) ?? false
        return Place(match: match, isDuplicate: visible)
    }
}
