import FrontKit
import ReduxVM
import RssCore

/// `rule add|list|remove|test|apply …`: the rules applied to new articles as they arrive.
struct RuleCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "rule",
        arguments: [
            ArgumentSpec(name: "add|list|remove|test|apply", arity: .required, completion: .choices(Step.words)),
            ArgumentSpec(name: "NAME", arity: .optional, completion: .ruleNames),
            ArgumentSpec(name: "EXPR", arity: .optionalRest, completion: .freeText),
        ],
        summary: "rules for new articles: add NAME EXPR -> read|hide|star|delete [SOURCE|#TAG]",
        details: """
            rule add NAME EXPR -> ACTION [SOURCE|#TAG] adds a rule (replacing the one of that name): each fetch \
            applies it to the new articles EXPR selects, of one source or tag when given. ACTION is read, hide \
            (out of every list and count, and read), star or delete (a later fetch does not bring them back); a \
            starred article is never hidden or deleted. EXPR is a filter (docs/filters.md), as in \
            rule add ads title ~ "^\\[ad\\]" -> hide. rule list shows the rules, rule remove NAME removes one, \
            rule test EXPR shows what EXPR selects now, and rule apply NAME applies a rule to the stored articles.
            """)

    /// What was asked.
    enum Step: Equatable {
        case add(name: String, filter: ArticleFilter, action: ArticleRule.Action, scope: String?)
        case list
        case remove(name: String)
        case test(ArticleFilter)
        case apply(name: String)

        static let words = ["add", "list", "remove", "test", "apply"]
    }

    let step: Step

    init(step: Step) {
        self.step = step
    }

    init(words: [String]) throws(CommandError) {
        try self.init(words: words, typed: words.joined(separator: " "))
    }

    init(words: [String], typed: String) throws(CommandError) {
        guard let first = words.first else { throw Self.usage("add, list, remove, test or apply?") }
        switch first.lowercased() {
        case "list":
            try Self.expectNoWords(Array(words.dropFirst()))
            step = .list
        case "remove": step = .remove(name: try Self.name(words))
        case "apply": step = .apply(name: try Self.name(words))
        case "test": step = .test(try Self.filter(TypedText.dropping(1, from: typed)))
        case "add":
            let name = try Self.name(Array(words.prefix(2)))
            guard let split = TypedText.splitAtArrow(TypedText.dropping(2, from: typed)) else {
                throw Self.usage("“-> ACTION” expected after the expression")
            }
            let target = CommandWords.split(split.after)
            guard let word = target.first, let action = ArticleRule.Action(rawValue: word.lowercased()) else {
                throw Self.usage("the action is read, hide, star or delete")
            }
            step = .add(
                name: name, filter: try Self.filter(split.before), action: action, scope: Self.rest(Array(target.dropFirst())))
        default: throw Self.usage("“\(first)”: add, list, remove, test or apply?")
        }
    }

    func run(in session: CommandRunner) {
        switch step {
        case .list: session.listRules()
        case .test(let filter): session.showMatches(of: filter)
        case .add(let name, let filter, let action, let scope):
            var ruleScope = ArticleRule.Scope.all
            if let scope, scope.hasPrefix("#") {
                guard let tag = session.tag(named: scope) else { return }
                ruleScope = .tag(tag)
            } else if let scope {
                guard let source = session.source(named: scope) else { return session.reportNoSource(scope) }
                ruleScope = .source(source.id)
            }
            let rule = ArticleRule(name: name, filter: filter, action: action, scope: ruleScope)
            session.store.dispatch(AddRule(rule))
            session.waiter.processed()
            session.console.print("rule " + RuleText.definition(rule, sources: session.state.sources))
        case .remove(let name):
            guard let rule = session.knownRule(name) else { return }
            session.store.dispatch(RemoveRule(name: rule.name))
            session.waiter.processed()
            session.console.print("removed rule \(UserMessage.line(rule.name))")
        case .apply(let name):
            guard let rule = session.knownRule(name) else { return }
            let ticket = CommandTicket()
            session.store.dispatch(ApplyRule(name: rule.name, ticket: ticket))
            // Its outcome ends the wait; the notices view prints what it did, or why not.
            session.waiter.until { state in state.outcomes[ticket] != nil && state.listsSettled }
        }
    }

    /// The NAME after the step's word: one word.
    static func name(_ words: [String]) throws(CommandError) -> String {
        guard words.count >= 2 else { throw usage("which rule?") }
        guard words.count == 2 else { throw usage("one name expected") }
        return try ruleName(words[1])
    }
}

extension ReplCommand {
    /// A rule's or query's name: one word of at most 64 characters, not starting with `#` (which names tags).
    static func ruleName(_ word: String) throws(CommandError) -> String {
        guard !word.isEmpty, word.count <= 64, !word.contains(where: { $0.isWhitespace || $0.isNewline }),
            !word.hasPrefix("#")
        else { throw usage("a name is one word of at most 64 characters, not starting with #") }
        return word
    }

    /// `text` as a filter; a mistake is said with its column.
    static func filter(_ text: String) throws(CommandError) -> ArticleFilter {
        do throws(FilterProblem) {
            return try ArticleFilter(text)
        } catch {
            throw .invalid("\(spec.name): \(ProblemText.filter(error))")
        }
    }
}
