#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
import ServeCore

/// The limits on each client connection, so that clients that connect and then send slowly or not at all
/// cannot hold the server's memory or descriptors: the time to send a request's head, then its body, how long
/// an idle keep-alive connection is kept, and how many connections are open at once (beyond that, a new
/// connection is closed as soon as it is accepted).
struct ConnectionLimits: Sendable {
    /// From the connection (or the first byte of a request on a kept-alive one) to the end of the request's head.
    var headTimeout: Duration = .seconds(10)
    /// From the end of the head to the end of the body.
    var bodyTimeout: Duration = .seconds(30)
    /// How long a connection waits for its next request after a response.
    var idleTimeout: Duration = .seconds(60)
    /// Connections open at once.
    var maximumConnections = 4_096

    /// Descriptors kept for the server's own use (database, fetches, logs) below the process's limit.
    static let reservedDescriptors = 256

    /// The limits for a process whose soft descriptor limit is raised as far as its hard limit allows (up
    /// to 65,536): the connection cap is `wanted`, or less when the descriptors do not allow it.
    static func forThisProcess(maximumConnections wanted: Int) -> ConnectionLimits {
        var limits = ConnectionLimits()
        limits.maximumConnections = max(1, min(wanted, raiseDescriptorLimit() - reservedDescriptors))
        return limits
    }

    /// Raises the soft limit on open descriptors towards the hard one; returns the soft limit in force.
    static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}

/// How many connections are open, across the server's event loops.
final class ConnectionCount: Sendable {
    private let open = Atomic<Int>(0)

    /// Counts a new connection; false when that makes more than `maximum` (it is counted all the same: its
    /// close uncounts it).
    func open(maximum: Int) -> Bool {
        open.wrappingAdd(1, ordering: .relaxed).newValue <= maximum
    }

    func close() {
        open.wrappingSubtract(1, ordering: .relaxed)
    }

    var current: Int { open.load(ordering: .relaxed) }
}
