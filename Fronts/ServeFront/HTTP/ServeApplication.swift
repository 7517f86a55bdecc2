import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServeCore
import WebFront

/// The HTTP server: every API's routes behind the request log, the body cap and authentication (which finds each
/// request its account's library), on connections watched by ``ConnectionLimits``.
enum ServeApplication {
    /// Where and how to listen.
    struct Listening: Sendable {
        var host: String
        var port: Int
        var tls: TLSConfiguration?
        var limits = ConnectionLimits()
    }

    /// Builds the application; `onListening` is told the address once the socket is bound.
    static func make(
        libraries: ServeLibraries, accounts: AccountBook, limiter: LoginLimiter, listening: Listening,
        mediaProxy: MediaProxy.Mode, logger: Logger,
        onListening: @escaping @Sendable (String) -> Void
    ) throws -> some ApplicationProtocol {
        let router = Router(context: ServeContext.self)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: CrossOriginMiddleware())
        router.add(middleware: BodyLimitMiddleware())
        router.add(middleware: AuthenticationMiddleware(accounts: accounts, limiter: limiter, libraries: libraries))
        let login = LoginRoute(accounts: accounts, limiter: limiter)
        router.post(RouterPath(GoogleReaderRoutes.loginPath)) { request, context in try await login.handle(request, context: context) }
        router.get(RouterPath(GoogleReaderRoutes.loginPath)) { request, context in try await login.handle(request, context: context) }
        GoogleReaderRoutes().register(on: router)
        MinifluxRoutes().register(on: router)
        NextcloudRoutes.register(on: router)
        FeverRoutes(libraries: libraries, accounts: accounts, limiter: limiter).register(on: router)
        WebFront(accounts: accounts, limiter: limiter, libraries: libraries, secure: listening.tls != nil, images: mediaProxy)
            .register(on: router)
        let server = ServerChannel.builder(tls: listening.tls, limits: listening.limits, count: ConnectionCount())
        let scheme = listening.tls == nil ? "http" : "https"
        return Application(
            responder: PathNormalizingResponder(base: router.buildResponder()), server: server,
            configuration: ApplicationConfiguration(address: .hostname(listening.host, port: listening.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listening.port
                let host = listening.host.contains(":") ? "[\(listening.host)]" : listening.host
                onListening("\(scheme)://\(host):\(port)")
            },
            logger: logger)
    }
}
