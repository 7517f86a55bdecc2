import ArgumentParser
import Foundation
import FrontKit
import Hummingbird
import Logging
import NIOSSL
import ReduxVM
import RssCore

/// `rss-serve [run]`: serves the database until SIGTERM or SIGINT.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Serve the database (the default).")

    @Option(
        name: .customLong("db"), help: ArgumentHelp("The database file (default: the shared one).", valueName: "path"),
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

    @Option(
        name: .customLong("allow-private"),
        help: ArgumentHelp(
            "Let feeds added through the APIs reach this network (CIDR, e.g. 192.168.1.0/24; repeatable), or every "
                + "address with `all`. By default they reach public addresses only.",
            valueName: "network"))
    var allowPrivate: [PrivateNetworkArgument] = []

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

    /// What sources added through the APIs may reach.
    var addressPolicy: AddressPolicy {
        .publicWeb(allowing: allowPrivate.flatMap(\.networks))
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
        let store: Store<RssState>
        do {
            store = try RssStore.make(RssConfiguration(
                database: databasePath.map { .file(URL(fileURLWithPath: $0)) } ?? .standard,
                refreshesPeriodically: !noRefresh, journal: journal, logger: logger,
                changeCheckInterval: .milliseconds(500)))
        } catch {
            throw ServeExit.failure(ProblemText.message(error, sources: SourcesState()), status: ExitStatus.status(for: error))
        }
        // Not idle(): the check for other processes' writes is a timer, so the store is never idle. The start's
        // reading of the database is in the database lane, so a check queued behind it ends after it.
        await store.checkForChanges()
        let httpLogger = logger ?? Logger(label: "rss-serve", factory: { _ in SwiftLogNoOpLogHandler() })
        let application = try ServeApplication.make(
            library: ServeLibrary(store: store, policy: addressPolicy), accounts: accounts, limiter: LoginLimiter(),
            listening: .init(host: listen.host, port: listen.port, tls: tls, limits: connectionLimits),
            logger: httpLogger,
            onListening: { address in ServeExit.note("listening on \(address)") })
        do {
            try await application.runService()
        } catch {
            throw ServeExit.failure("cannot serve on \(listen.host):\(listen.port): \(error)", status: ExitStatus.cannotCreate)
        }
        ServeExit.note("stopped")
        do {
            try await store.closeDatabase()
        } catch {
            throw ServeExit.failure(ProblemText.message(error, sources: store.state.sources), status: ExitStatus.status(for: error))
        }
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
