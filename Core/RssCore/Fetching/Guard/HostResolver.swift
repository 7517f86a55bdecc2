#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Resolves host names for the ``AddressGuard``: injected, so that tests can make a name resolve to whatever
/// they check (a rebinding name, one that resolves to a public and a private address).
protocol HostResolver: Sendable {
    /// The addresses of `host` (a name, or an address as text), in the order to try them; throws
    /// ``FetchError/connection(_:)`` with ``ConnectionFailure/hostNotFound`` when there are none. Blocking: run
    /// off the event loops.
    func addresses(of host: String) throws(FetchError) -> [IPAddress]
}

/// The system's resolver (`getaddrinfo`: `/etc/hosts`, then DNS).
struct SystemHostResolver: HostResolver {
    func addresses(of host: String) throws(FetchError) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw .connection(.hostNotFound) }
        defer { freeaddrinfo(first) }
        var found: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let socket = current.pointee.ai_addr {
                switch Int32(current.pointee.ai_family) {
                case AF_INET:
                    let address = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    found.append(IPAddress(bytes: withUnsafeBytes(of: address) { Array($0) }))
                case AF_INET6:
                    let address = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    found.append(IPAddress(bytes: withUnsafeBytes(of: address) { Array($0) }))
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        var seen = Set<IPAddress>()
        let unique = found.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { throw .connection(.hostNotFound) }
        return unique
    }
}
