/// The sign-in form: the account's name and password, with the anti-forgery token of the login cookie; and
/// why the last attempt failed, if it did.
struct LoginPage: Sendable {
    let csrf: String
    /// Why the last attempt failed (wrong name or password, too many attempts).
    let problem: String?
    /// The name typed last time.
    let name: String?
    /// The page to go to once signed in (a path of the web front).
    let next: String?

    var html: HTML {
        let problemLine: HTML = problem.map { "<p class=\"notice problem\" role=\"alert\" id=\"login-problem\">\($0)</p>" } ?? .empty
        let described: HTML = problem == nil ? .empty : " aria-describedby=\"login-problem\""
        let nextField: HTML = next.map { "<input type=\"hidden\" name=\"next\" value=\"\($0)\">" } ?? .empty
        return PageFrame.document(title: "Sign in", body: """
            <main id="main" class="login">
            <h1>Sign in to rss-serve</h1>
            \(problemLine)
            <form class="stacked" method="post" action="\(WebLink(path: WebPath.login))"\(described)>
            <input type="hidden" name="csrf" value="\(csrf)">\(nextField)
            <label>Name <input name="name" autocomplete="username" required value="\(name)" autocapitalize="none" spellcheck="false"></label>
            <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
            <button class="primary" type="submit">Sign in</button>
            </form>
            </main>
            """)
    }
}
