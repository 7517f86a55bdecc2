public import Foundation
public import ReduxVM

/// Adds a rule (replacing the one of the same name), stored at once; from then on every fetch applies it to
/// the articles it brings. Articles already stored are left alone until ``ApplyRule`` asks.
public struct AddRule: JournaledAction, RulesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.AddRule"
    /// The rule.
    let rule: ArticleRule

    /// Adds `rule`.
    public init(_ rule: ArticleRule) {
        self.rule = rule
    }

    /// The rule joins the others.
    public func updateState(_ state: inout RssState) {
        state.rules.put(rule)
    }
}

/// Removes the rule of this name (case ignored); what it did to articles stays done. A name no rule has posts
/// ``RssProblem/unknownRule(_:)``.
public struct RemoveRule: JournaledAction, RulesTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.RemoveRule"
    /// The rule's name.
    let name: String
    /// When it was asked for.
    let date: Date

    /// Removes the rule `name`.
    public init(name: String, date: Date = Date()) {
        self.name = name
        self.date = date
    }

    /// The rule leaves the state (its removal from the database follows).
    public func updateState(_ state: inout RssState) {
        if !state.rules.removeRule(named: name) { state.notices.post(.unknownRule(name), at: date) }
    }
}

/// Applies the rule of this name to every stored article it selects now, as a fetch applies it to new ones
/// (a starred article is never hidden or deleted). Posts ``Notice/Event/ruleApplied(name:action:articles:)``,
/// or ``RssProblem/unknownRule(_:)`` for a name no rule has.
public struct ApplyRule: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ApplyRule"
    /// The rule's name.
    let name: String
    /// When it was asked for: the moment the rule's `age` is measured from.
    let date: Date
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// Applies the rule `name`; its outcome is recorded under `ticket`, if given
    /// (``CommandOutcome/ruleApplied(articles:)``, or the problem).
    public init(name: String, date: Date = Date(), ticket: CommandTicket? = nil) {
        self.name = name
        self.date = date
        self.ticket = ticket
    }

    /// Only an unknown name changes the state (a notice); the articles change in the database.
    public func updateState(_ state: inout RssState) {
        guard state.rules.rule(named: name) == nil else { return }
        state.notices.post(.unknownRule(name), at: date)
        state.outcomes.record(.failed(.unknownRule(name)), for: ticket)
    }
}

/// A rule was applied on demand: the counts change by what it changed, and the lists show it.
struct RuleApplied: JournaledAction, NoticesTag, MarksTag, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.RuleApplied"
    let name: String
    let action: ArticleRule.Action
    /// How many articles it changed.
    let articles: Int
    let change: CountChange
    let date: Date
    var ticket: CommandTicket? = nil

    func updateState(_ state: inout RssState) {
        state.counts.apply(change)
        state.notices.post(.ruleApplied(name: name, action: action, articles: articles), at: date)
        if articles > 0 { state.lists.reloadAll() }
        state.outcomes.record(.ruleApplied(articles: articles), for: ticket)
    }
}

/// Saves a filter under a name (replacing the query of the same name), stored at once: a list can show it
/// (``FilterList`` with ``ListFilter/query``), a report can read it.
public struct SaveQuery: JournaledAction, RulesTag, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SaveQuery"
    /// The query.
    let query: SavedQuery

    /// Saves `query`.
    public init(_ query: SavedQuery) {
        self.query = query
    }

    /// The query joins the others; a list showing the query it replaces shows the new one.
    public func updateState(_ state: inout RssState) {
        state.rules.put(query)
        for list in ListID.allCases where state.lists[list].filter.query?.id == query.id {
            state.lists[list].filter.query = query
            state.lists[list].reload(resettingPage: true)
        }
    }
}

/// Removes the saved query of this name (case ignored); a list showing it keeps showing it until its filter
/// changes. A name no query has posts ``RssProblem/unknownQuery(_:)``.
public struct RemoveQuery: JournaledAction, RulesTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.RemoveQuery"
    /// The query's name.
    let name: String
    /// When it was asked for.
    let date: Date

    /// Removes the query `name`.
    public init(name: String, date: Date = Date()) {
        self.name = name
        self.date = date
    }

    /// The query leaves the state (its removal from the database follows).
    public func updateState(_ state: inout RssState) {
        if !state.rules.removeQuery(named: name) { state.notices.post(.unknownQuery(name), at: date) }
    }
}
