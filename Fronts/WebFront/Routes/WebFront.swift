import Foundation
package import Hummingbird
package import ServeCore

/// rss-serve's web reader: its pages under ``WebPath/root``, on the same per-account library layer as the
/// sync APIs (``/ServeCore/ServeLibrary``), behind its own sign-in (a session cookie) and its security headers.
package struct WebFront: Sendable {
    let accounts: AccountBook
    let limiter: LoginLimiter
    let libraries: ServeLibraries
    let cookies: SessionCookie
    let images: MediaProxy

    /// The web front of the server whose accounts, login limit and libraries these are; `secure` when the
    /// server speaks TLS (the cookies are then `Secure`); `images` says which images of articles come through
    /// the server's media proxy.
    package init(accounts: AccountBook, limiter: LoginLimiter, libraries: ServeLibraries, secure: Bool, images: MediaProxy.Mode) {
        self.accounts = accounts
        self.limiter = limiter
        self.libraries = libraries
        cookies = SessionCookie(secure: secure)
        self.images = MediaProxy(mode: images)
    }

    /// Whether `path` is the web front's: the ``/ServeFront/AuthenticationMiddleware`` of the APIs lets these through, and
    /// the web front signs them in itself.
    package static func owns(_ path: String) -> Bool {
        path == "/" || path == WebPath.root || path.hasPrefix(WebPath.root + "/")
    }

    /// Adds the pages to `router`.
    package func register(on router: Router<ServeContext>) {
        router.get("/") { _, _ in WebAnswer.redirect(to: WebPath.list(.unread)) }
        let open = router.group(RouterPath(WebPath.root))
            .add(middleware: CompressionMiddleware())
            .add(middleware: SecurityHeaders(proxiesImages: images.mode == .all))
        let login = LoginRoutes(accounts: accounts, limiter: limiter, cookies: cookies)
        open.get("login") { request, context in try await login.form(request, context: context) }
        open.post("login") { request, context in try await login.signIn(request, context: context) }
        open.get("static/:name") { request, context in try AssetRoute.answer(request, context: context) }

        let pages = router.group(RouterPath(WebPath.root))
            .add(middleware: CompressionMiddleware())
            .add(middleware: SecurityHeaders(proxiesImages: images.mode == .all))
            .add(middleware: WebSessionMiddleware(accounts: accounts, libraries: libraries))
        pages.get { _, _ in WebAnswer.redirect(to: WebPath.list(.unread)) }
        pages.post("logout") { request, context in try await login.signOut(request, context: context) }
        for marks in ListSelection.Marks.allCases {
            pages.get(RouterPath(marks.rawValue)) { request, context in try await ListRoute.page(marks, request, context: context) }
        }
        let images = self.images
        pages.get("article/:number") { request, context in try await ArticleRoute.page(request, context: context, images: images) }
        let media = MediaRoute(proxy: images, libraries: libraries, cache: MediaCache())
        pages.get("media") { request, context in try await media.answer(request, context: context) }
        let icons = IconRoute(libraries: libraries, cache: MediaCache(budget: 8 << 20))
        pages.get("icon/:id") { request, context in try await icons.answer(request, context: context) }
        pages.post("article/:number/mark") { request, context in try await ArticleRoute.mark(request, context: context) }
        pages.post("mark-all") { request, context in try await ListRoute.markAll(request, context: context) }
        pages.post("refresh") { request, context in try await ListRoute.refresh(request, context: context) }
        pages.get("sources") { request, context in try await SourcesRoute.page(request, context: context) }
        pages.post("sources/add") { request, context in try await SourcesRoute.add(request, context: context) }
        pages.post("sources/import") { request, context in try await SourcesRoute.importOPML(request, context: context) }
        pages.get("sources/export") { request, context in try await SourcesRoute.exportOPML(request, context: context) }
        pages.get("sources/:id") { request, context in try await SourcesRoute.source(request, context: context) }
        pages.post("sources/:id") { request, context in try await SourcesRoute.change(request, context: context) }
        pages.get("rules") { request, context in try await RulesRoute.page(request, context: context) }
        pages.post("rules") { request, context in try await RulesRoute.change(request, context: context) }
        pages.get("settings") { request, context in try await SettingsRoute.page(request, context: context) }
        pages.post("settings") { request, context in try await SettingsRoute.change(request, context: context) }
        let sessions = SessionsRoute(accounts: accounts, cookies: cookies)
        pages.get("sessions") { request, context in try await sessions.page(request, context: context) }
        pages.post("sessions/revoke") { request, context in try await sessions.revoke(request, context: context) }
    }
}
