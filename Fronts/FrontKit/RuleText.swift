public import RssCore

/// The one wording of rules and saved queries, for every front's listings and notices.
public enum RuleText {
    /// What a rule did to an article: `marked read`, `hidden`, `starred`, `deleted`.
    public static func done(_ action: ArticleRule.Action) -> String {
        switch action {
        case .read: "marked read"
        case .hide: "hidden"
        case .star: "starred"
        case .delete: "deleted"
        }
    }

    /// A rule as `rule add` takes it: `NAME EXPR -> ACTION [SOURCE|#TAG]`, its source named as in `sources`.
    public static func definition(_ rule: ArticleRule, sources: SourcesState) -> String {
        var line = "\(rule.name) \(rule.filter.text) -> \(rule.action.rawValue)"
        switch rule.scope {
        case .all: break
        case .source(let id):
            let name = SourceName.of(id, in: sources)
            line += " " + (name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name)
        case .tag(let tag): line += " #" + tag
        }
        return UserMessage.line(line)
    }
}
