import FrontKit
import RssCore

/// The library's settings, as the REPL's `set` shows them, each with a form to change it.
struct SettingsPage: Sendable {
    let frame: PageFrame
    let settings: Settings
    let notice: String?
    let problem: String?

    /// What each setting is, in a line.
    static let explanations: [String: String] = [
        "refresh-interval": "How often sources are fetched: seconds, or 30m, 2h, 1d; off for never.",
        "page-size": "Articles per page of the terminal's lists.",
        "retention-days": "Days an article is kept (starred ones always); off keeps them all.",
        "retention-per-source": "Articles kept per source (starred ones always); off keeps them all.",
        "dedup": "on shows a story carried by several sources once, with the others as “also in”.",
    ]

    var html: HTML {
        let rows = SettingValue.current(settings).map { setting -> HTML in
            let value = setting.value.hasSuffix(" s") ? String(setting.value.dropLast(2)) + "s" : setting.value
            return """
                <form class="stacked" method="post" action="\(WebLink(path: WebPath.settings))">\(FormField.csrf(frame.csrf))\
                \(FormField.hidden("key", setting.key))
                <label>\(setting.key) <input name="value" value="\(value)" required aria-describedby="help-\(setting.key)"></label>
                <p class="meta" id="help-\(setting.key)">\(Self.explanations[setting.key])</p>
                <button type="submit">Set \(setting.key)</button></form>
                """
        }
        return frame.page("""
            <h1>Settings</h1>
            \(NoticeLines.html(notice: notice, problem: problem))
            \(each: rows)
            """)
    }
}
