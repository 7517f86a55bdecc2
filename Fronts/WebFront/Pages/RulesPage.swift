import Foundation
import FrontKit
import RssCore

/// The rules applied to new articles and the saved queries, each with its expression in the filter language
/// (docs/filters.md, checked as the REPL checks it); forms to add, test, apply and remove them.
struct RulesPage: Sendable {
    /// What a tested expression selects now.
    struct Test: Sendable {
        let expression: String
        let count: Int
        let titles: [String]
    }

    let frame: PageFrame
    let state: RssState
    let notice: String?
    let problem: String?
    /// The expression typed in the form the problem is about, to type again.
    let typed: String?
    let test: Test?

    var html: HTML {
        let rules = state.rules.rules.map { rule -> HTML in
            """
            <tr><td>\(rule.name)</td><td><code>\(RuleText.definition(rule, sources: state.sources))</code></td><td>\
            \(FormField.button("Apply now", to: WebPath.rules, csrf: frame.csrf, fields: [("do", "apply"), ("name", rule.name)])) \
            \(FormField.button("Remove", to: WebPath.rules, csrf: frame.csrf, fields: [("do", "remove-rule"), ("name", rule.name)]))</td></tr>
            """
        }
        let queries = state.rules.queries.map { query -> HTML in
            var list = ListSelection(marks: .all)
            list.saved = query.name
            return """
                <tr><td><a href="\(list.link)">\(query.name)</a></td><td><code>\(query.filter.description)</code></td><td>\
                \(FormField.button("Remove", to: WebPath.rules, csrf: frame.csrf, fields: [("do", "remove-query"), ("name", query.name)]))</td></tr>
                """
        }
        let scopes: [HTML] = ["<option value=\"all\">every source</option>"]
            + state.sources.tags.prefix(LibraryPanel.tagsShown).map { "<option value=\"tag:\($0)\">tag \($0)</option>" }
            + state.sources.all.prefix(LibraryPanel.sourcesShown).map { "<option value=\"source:\($0.id.uuidString)\">\($0.title)</option>" }
        let actions: [HTML] = ["read", "hide", "star", "delete"].map { "<option value=\"\($0)\">\($0)</option>" }
        return frame.page("""
            <h1>Rules and saved queries</h1>
            \(NoticeLines.html(notice: notice, problem: problem))\(testResult)
            <p>Expressions are in the filter language: <code>unread and (tag = News or title contains swift)</code>,
            <code>title ~ "^\\[ad\\]"</code>, <code>age &lt; 2d and not starred</code>.</p>
            <h2>Rules</h2>
            <p>Each fetch applies the rules to the new articles their expression selects.</p>
            <table class="plain"><thead><tr><th scope="col">Name</th><th scope="col">Rule</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>\(each: rules)</tbody></table>
            <form class="stacked" method="post" action="\(WebLink(path: WebPath.rules))">\(FormField.csrf(frame.csrf))\(FormField.hidden("do", "add-rule"))
            <label>Name <input name="name" required maxlength="64"></label>
            <label>Expression <input name="expression" required value="\(typed)"></label>
            <label>Action <select name="action">\(each: actions)</select></label>
            <label>Of <select name="scope">\(each: scopes)</select></label>
            <button class="primary" type="submit">Add the rule</button></form>
            <h2>Test an expression</h2>
            <form class="stacked" method="get" action="\(WebLink(path: WebPath.rules))">
            <label>Expression <input name="test" required value="\(test?.expression)"></label>
            <button type="submit">Show what it selects</button></form>
            <h2>Saved queries</h2>
            <table class="plain"><thead><tr><th scope="col">Name</th><th scope="col">Expression</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>\(each: queries)</tbody></table>
            <form class="stacked" method="post" action="\(WebLink(path: WebPath.rules))">\(FormField.csrf(frame.csrf))\(FormField.hidden("do", "add-query"))
            <label>Name <input name="name" required maxlength="64"></label>
            <label>Expression <input name="expression" required></label>
            <button type="submit">Save the query</button></form>
            """)
    }

    private var testResult: HTML {
        guard let test else { return .empty }
        let titles = test.titles.map { title -> HTML in "<li>\(TitleText.shown(title, limit: TitleText.listLength))</li>" }
        return """
            <section class="notice" aria-labelledby="test-heading"><h2 id="test-heading">\(test.count) \(test.count == 1 ? "article" : "articles") \
            for <code>\(test.expression)</code></h2><ul>\(each: titles)</ul></section>
            """
    }
}
