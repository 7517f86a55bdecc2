import ArgumentParser
import Foundation
import FrontKit
import Hummingbird
import Logging
import NIOSSL
import ReduxVM
@_spi(Serve) import RssCore
import ServeCore
import WebFront

/// `rss-serve [run]`: serves the database until SIGTERM or SIGINT.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Serve the database (the default).")

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The main library: the database of the accounts that share the owner's (default: the shared one).",
            valueName: "path"),
        completion: .file())
    var databasePath: String?

    @Option(help: ArgumentHelp("Where to listen (port 0 picks a free port).", valueName: "host:port"))
    var listen: ListenAddress = .standard

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Serve HTTPS with this PEM certificate chain.", valueName: "file"), completion: .file())
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"), completion: .file())
    var tlsKey: String?

    @Flag(name: .customLong("no-refresh"), help: "Do not refresh the feeds on the timer (another front does).")
    var noRefresh = false

    @Option(help: ArgumentHelp("Libraries kept open at most while nobody uses them.", valueName: "count"))
    var openLibraries = 20

    @Option(
        name: .customLong("allow-private"),
        help: ArgumentHelp(
            "Let feeds added through the APIs reach this network (CIDR, e.g. 192.168.1.0/24; repeatable), or every "
                + "address with `all`. By default they reach public addresses only.",
            valueName: "network"))
    var allowPrivate: [PrivateNetworkArgument] = []

    @Option(
        name: .customLong("media-proxy"),
        help: ArgumentHelp(
            "Which images of articles the web front loads through the server: none, http-only (plain-HTTP ones, so "
                + "that an HTTPS page loads nothing in the clear) or all (the browser reaches no other site).",
            valueName: "which"))
    var mediaProxy: MediaProxy.Mode = .httpOnly

    @Option(help: ArgumentHelp("Connections open at once; more are closed at once.", valueName: "count"))
    var maxConnections = 4_096

    @Option(help: ArgumentHelp("Seconds a client has to send a request's head.", valueName: "seconds"))
    var headTimeout = 10

    @Option(help: ArgumentHelp("Seconds a client has to send a request's body after its head.", valueName: "seconds"))
    var bodyTimeout = 30

    @Option(help: ArgumentHelp("Seconds an idle kept-alive connection is kept.", valueName: "seconds"))
    var idleTimeout = 60

    @OptionGroup var accountOptions: AccountOptions
    @OptionGroup var diagnostics: DiagnosticOptions

    func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if maxConnections < 1 { throw ValidationError("--max-connections must be at least 1") }
        if openLibraries < 1 { throw ValidationError("--open-libraries must be at least 1") }
        for (name, value) in [("--head-timeout", headTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)]
        where !(1...86_400).contains(value) {
            throw ValidationError("\(name) must be between 1 and 86400 seconds")
        }
    }

    /// The limits on each connection, with the connection cap below this process's descriptor limit.
    var connectionLimits: ConnectionLimits {
        var limits = ConnectionLimits.forThisProcess(maximumConnections: maxConnections)
        limits.headTimeout = .seconds(headTimeout)
        limits.bodyTimeout = .seconds(bodyTimeout)
        limits.idleTimeout = .seconds(idleTimeout)
        return limits
    }

    /// The main library's file.
    var mainLibrary: URL {
        databasePath.map { URL(fileURLWithPath: $0) } ?? RssConfiguration.Database.standardFile
    }

    func run() async throws {
        let logger: Logger?
        let journal: ActionJournal<RssState>?
        do throws(FileProblem) {
            logger = try diagnostics.makeLogger(program: "rss-serve")
        } catch {
            throw ServeExit.failure(
                "cannot write the log \(diagnostics.logFile ?? ""): \(ProblemText.file(error))", status: ExitStatus.cannotCreate)
        }
        do throws(JournalError) {
            journal = try diagnostics.makeJournal(program: "rss-serve")
        } catch {
            throw ServeExit.failure(error.description, status: ExitStatus.status(for: error))
        }
        let tls = try tlsConfiguration()
        if !listen.isLoopback && tls == nil {
            ServeExit.warn(
                "listening on \(listen.host) without TLS: passwords and tokens cross the network in clear; "
                    + "use --tls-cert/--tls-key or a reverse proxy with HTTPS")
        }
        let accountFile = accountOptions.file
        let accounts = AccountBook(file: accountFile)
        do {
            if try accounts.current().users.isEmpty {
                ServeExit.warn("no users yet: add one with `rss-serve user set NAME`")
            }
        } catch {
            throw ServeExit.failure(error.description, status: ExitStatus.cannotRead)
        }
        let pool = LibraryPool(
            LibraryPool.Configuration(
                maximumOpen: openLibraries, changeCheckInterval: .milliseconds(500), logger: logger, journal: journal,
                journaledLibrary: mainLibrary))
        let libraries = ServeLibraries(
            pool: pool, main: mainLibrary, accounts: accounts, serverNetworks: allowPrivate.flatMap(\.networks))
        do {
            // The main library opened now: a database that cannot be read stops the server before it listens.
            _ = try await pool.lease(mainLibrary)
            libraries.keepCurrent(try accounts.current())
        } catch let problem as RssProblem {
            throw ServeExit.failure(ProblemText.message(problem, sources: SourcesState()), status: ExitStatus.status(for: problem))
        }
        // The feeds of every library, open or not, fetched once for all the libraries that follow them.
        let refresher = noRefresh ? nil : Task { await pool.run() }
        let httpLogger = logger ?? Logger(label: "rss-serve", factory: { _ in SwiftLogNoOpLogHandler() })
        let application = try ServeApplication.make(
            libraries: libraries, accounts: accounts, limiter: LoginLimiter(),
            listening: .init(host: listen.host, port: listen.port, tls: tls, limits: connectionLimits), mediaProxy: mediaProxy,
            logger: httpLogger,
            onListening: { address in ServeExit.note("listening on \(address)") })
        do {
            try await application.runService()
        } catch {
            refresher?.cancel()
            throw ServeExit.failure("cannot serve on \(listen.host):\(listen.port): \(error)", status: ExitStatus.cannotCreate)
        }
        ServeExit.note("stopped")
        refresher?.cancel()
        await refresher?.value
        await pool.close()
        journal?.close()
    }

    private func tlsConfiguration() throws -> TLSConfiguration? {
        guard let tlsCertificate, let tlsKey else { return nil }
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(tlsCertificate).map { NIOSSLCertificateSource.certificate($0) }
            let key = try NIOSSLPrivateKey(file: tlsKey, format: .pem)
            return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        } catch {
            throw ServeExit.failure("cannot read the TLS certificate or key: \(error)", status: ExitStatus.cannotRead)
        }
    }
}

extension MediaProxy.Mode: ExpressibleByArgument {}
