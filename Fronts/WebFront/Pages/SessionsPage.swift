/// The account's sessions: each browser signed in and each app signed in with its password, when it began and
/// was last used, with a button to end it (this browser's too, which signs it out).
struct SessionsPage: Sendable {
    /// One session as the page lists it.
    struct Row: Sendable {
        let id: String
        let kind: String
        let label: String
        let created: String
        let lastUsed: String?
        let isCurrent: Bool
    }

    let frame: PageFrame
    let rows: [Row]
    /// What the last revocation did.
    let notice: String?

    var html: HTML {
        let lines = rows.map { row -> HTML in
            let current: HTML = row.isCurrent ? " <strong>(this browser)</strong>" : .empty
            return """
                <tr><td>\(row.kind)</td><td>\(row.label)\(current)</td><td>\(row.created)</td><td>\(row.lastUsed ?? "—")</td>
                <td><form class="inline" method="post" action="\(WebLink(path: WebPath.revokeSession))">\
                <input type="hidden" name="csrf" value="\(frame.csrf)"><input type="hidden" name="id" value="\(row.id)">\
                <button type="submit" aria-label="End session \(row.id)">End</button></form></td></tr>
                """
        }
        return frame.page("""
            <h1>Sessions</h1>
            \(NoticeLines.html(notice: notice, problem: nil))
            <p>Browsers and apps signed in as \(frame.user). Ending a session signs it out; its browser or app must sign in again.</p>
            <table class="plain">
            <thead><tr><th scope="col">Kind</th><th scope="col">Signed in from</th><th scope="col">Since</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
            <tbody>\(each: lines)</tbody>
            </table>
            """)
    }
}
