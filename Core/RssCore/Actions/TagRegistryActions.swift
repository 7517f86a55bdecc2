public import ReduxVM

/// Makes a tag that exists with no source filed under it (a sync client's empty folder or category), until
/// ``DeleteTag``; it has a number at once (`LibraryNumbers`). A tag that exists already is kept from then on.
/// A name with nothing left after ``TagName``'s rules changes nothing.
public struct CreateTag: JournaledAction {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.CreateTag"
    /// The tag, as written after ``TagName``'s rules.
    let name: String

    /// Makes the tag `name`.
    public init(name: String) {
        self.name = name
    }

    /// Nothing in the state changes: the sources are filed under what they were.
    public func updateState(_ state: inout RssState) {}
}

/// Renames a tag on every source filed under it, on the rules for its sources and on lists showing it; the tag
/// keeps its number. Renaming it to a tag that exists merges the two under that one (a source filed under
/// both keeps it once). Stored in one transaction. A new name with nothing left after ``TagName``'s rules
/// changes nothing.
public struct RenameTag: JournaledAction, SourcesTag, ListsTag, RulesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.RenameTag"
    /// The tag to rename, exactly as written.
    let from: String
    /// Its new name, as written after ``TagName``'s rules.
    let to: String

    /// Renames the tag `from` to `to`.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The new name as kept, nil when it is no tag or the same as the old one.
    var newName: String? {
        TagName.normalized(to).flatMap { $0 == from ? nil : $0 }
    }

    /// Renames it on the sources, the rules and the lists; lists showing it reload.
    public func updateState(_ state: inout RssState) {
        guard let new = newName else { return }
        for source in state.sources.tagged(from) {
            state.sources.update(source.id) { source in
                source.tags = source.tags.contains(new) ? source.tags.filter { $0 != from } : source.tags.map { $0 == from ? new : $0 }
            }
        }
        state.rules.renameTag(from, to: new)
        for list in ListID.allCases where state.lists[list].filter.tag == from || state.lists[list].filter.tag == new {
            state.lists[list].filter.tag = new
            state.lists[list].reload(resettingPage: false)
        }
    }
}

/// Takes a tag off every source filed under it and forgets it (its sources stay, with their other tags). Lists
/// showing it reload (empty), rules for its sources stay (they apply to no source until one is filed under it
/// again). Stored in one transaction.
public struct DeleteTag: JournaledAction, SourcesTag, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.DeleteTag"
    /// The tag, exactly as written.
    let name: String

    /// Deletes the tag `name`.
    public init(name: String) {
        self.name = name
    }

    /// Takes it off the sources; lists showing it reload.
    public func updateState(_ state: inout RssState) {
        for source in state.sources.tagged(name) {
            state.sources.update(source.id) { $0.tags.removeAll { $0 == name } }
        }
        for list in ListID.allCases where state.lists[list].filter.tag == name {
            state.lists[list].reload(resettingPage: false)
        }
    }
}

extension RulesState {
    /// Rules for the sources filed under `old` are for those filed under `new` from now on.
    mutating func renameTag(_ old: String, to new: String) {
        for index in rules.indices where rules[index].scope == .tag(old) {
            let rule = rules[index]
            rules[index] = ArticleRule(name: rule.name, filter: rule.filter, action: rule.action, scope: .tag(new))
        }
    }
}
