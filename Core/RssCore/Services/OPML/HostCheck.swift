import Foundation
import NIOPosix

/// Where the hosts of an import's feeds lead, looked at before they are followed: a name that resolves only to
/// addresses the import's policy refuses (`localtest.me`, a name for `127.0.0.1`) is refused then, as an address
/// written as such is, instead of being stored to fail at every fetch. The fetches still check each address
/// they connect to (``AddressGuard``): a name that changes where it leads is caught there.
struct HostCheck: Sendable {
    let resolver: any HostResolver

    /// Look-ups at once.
    static let concurrentLookups = 8

    /// The hosts among `hosts` whose every address `policy` refuses, with the kind of the first; a host that
    /// does not resolve now is not refused (its fetches will say what became of it).
    func refusals(of hosts: Set<String>, policy: AddressPolicy) async -> [String: AddressKind] {
        guard !policy.allowsEveryAddress, !hosts.isEmpty else { return [:] }
        let resolver = self.resolver
        var pending = hosts.filter { IPAddress($0) == nil }.sorted()[...]
        var refused: [String: AddressKind] = [:]
        await withTaskGroup(of: (String, AddressKind?).self) { group in
            func start() {
                guard let host = pending.popFirst() else { return }
                group.addTask {
                    // getaddrinfo blocks: on NIO's thread pool, off the cooperative threads.
                    let addresses = try? await NIOThreadPool.singleton.runIfActive { () -> [IPAddress] in
                        do throws(FetchError) {
                            return try resolver.addresses(of: host)
                        } catch {
                            return []  // not found now: left to the fetches
                        }
                    }
                    guard let addresses, !addresses.isEmpty else { return (host, nil) }
                    let kinds = addresses.map { policy.refusal(of: $0) }
                    return (host, kinds.allSatisfy { $0 != nil } ? kinds.first ?? nil : nil)
                }
            }
            for _ in 0..<Self.concurrentLookups { start() }
            for await (host, kind) in group {
                if let kind { refused[host] = kind }
                start()
            }
        }
        return refused
    }
}
