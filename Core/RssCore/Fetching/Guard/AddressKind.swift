/// Why an address is not on the public internet, and so refused under ``AddressPolicy/publicWeb(allowing:)``.
public enum AddressKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// This machine (`127.0.0.0/8`, `::1`).
    case loopback
    /// A private network (`10/8`, `172.16/12`, `192.168/16`, carrier-grade NAT `100.64/10`, site-local IPv6).
    case privateNetwork
    /// A link-local address (`169.254/16`, `fe80::/10`), where cloud metadata services answer.
    case linkLocal
    /// An IPv6 unique-local address (`fc00::/7`).
    case uniqueLocal
    /// The unspecified address (`0.0.0.0/8`, `::`), which reaches this machine.
    case unspecified
    /// A multicast or broadcast address.
    case multicast
    /// An address reserved for documentation, benchmarks, protocols or future use.
    case reserved
}
