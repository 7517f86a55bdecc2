#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address, read with `inet_pton` and classified by the IANA special-purpose
/// registries (RFC 6890 and its updates).
struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads dotted IPv4 or IPv6 text (brackets allowed around IPv6, as in URLs); nil otherwise.
    init?(_ text: String) {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// Reads a URL's host as the address it stands for: ``init(_:)``'s forms, and the older forms of IPv4 that
    /// the system's resolver and browsers read as well (`inet_aton`): one to four parts in decimal, octal (`0`
    /// first) or hexadecimal (`0x` first), the last filling the bytes left (`2130706433`, `0x7f.1`, `127.1` and
    /// `017700000001` are all `127.0.0.1`). Nil for a name.
    init?(host: String) {
        if let address = IPAddress(host) {
            self = address
            return
        }
        guard !host.isEmpty, host.utf8.allSatisfy({ Self.legacyCharacters.contains($0) }) else { return nil }
        var v4 = in_addr()
        guard inet_aton(host, &v4) != 0 else { return nil }
        bytes = withUnsafeBytes(of: &v4) { Array($0) }
    }

    /// What the older IPv4 forms are written with: digits, hexadecimal digits, `x` and dots.
    private static let legacyCharacters = Set("0123456789abcdefABCDEFxX.".utf8)

    var isIPv4: Bool { bytes.count == 4 }

    /// An IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`) as the IPv4 address; any other address as it is.
    var unmapped: IPAddress {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        return self
    }

    /// The address with all but the first `length` bits cleared.
    func masked(to length: Int) -> IPAddress {
        IPAddress(bytes: bytes.enumerated().map { index, byte in
            let kept = max(0, min(8, length - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8.max >> kept)
        })
    }

    /// Why the address is not public, or nil when it is a public (globally reachable) unicast address.
    var kind: AddressKind? {
        isIPv4 ? Self.kind(ipv4: bytes) : kindIPv6
    }

    private static func kind(ipv4 b: [UInt8]) -> AddressKind? {
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return .unspecified
        case (10, _, _): return .privateNetwork
        case (100, 64...127, _): return .privateNetwork  // shared address space (carrier-grade NAT)
        case (127, _, _): return .loopback
        case (169, 254, _): return .linkLocal
        case (172, 16...31, _): return .privateNetwork
        case (192, 0, 0), (192, 0, 2), (192, 88, 99): return .reserved  // protocol assignments, documentation, 6to4 relay
        case (192, 168, _): return .privateNetwork
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): return .reserved  // benchmarking, documentation
        case (224...239, _, _): return .multicast
        case (240...255, _, _): return b == [255, 255, 255, 255] ? .multicast : .reserved
        default: return nil
        }
    }

    private var kindIPv6: AddressKind? {
        let b = bytes
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        if unmapped.isIPv4 { return unmapped.kind }
        if b[0..<12].allSatisfy({ $0 == 0 }) { return .reserved }  // IPv4-compatible (deprecated)
        // 64:ff9b::/96, NAT64: the IPv4 address it translates to decides.
        if b[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
            return Self.kind(ipv4: Array(b[12..<16]))
        }
        if b[0...3] == [0x00, 0x64, 0xff, 0x9b] { return .privateNetwork }  // the rest of 64:ff9b::/32: local-use NAT64
        if b[0...1] == [0x01, 0x00] && b[2..<8].allSatisfy({ $0 == 0 }) { return .reserved }  // 100::/64, discard
        if b[0] == 0x20 && b[1] == 0x01 && b[2] < 0x02 { return .reserved }  // 2001::/23, protocol assignments (Teredo …)
        if b[0...3] == [0x20, 0x01, 0x0d, 0xb8] { return .reserved }  // 2001:db8::/32, documentation
        if b[0] == 0x20 && b[1] == 0x02 { return Self.kind(ipv4: Array(b[2..<6])) }  // 2002::/16, 6to4
        if b[0] & 0xfe == 0xfc { return .uniqueLocal }
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return .linkLocal }
        if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return .privateNetwork }  // fec0::/10, site-local (deprecated)
        if b[0] == 0xff { return .multicast }
        return nil
    }

    var description: String {
        var copy = bytes
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        let ok = copy.withUnsafeMutableBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) } != nil
        let characters = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return ok ? String(decoding: characters, as: UTF8.self) : bytes.map(String.init).joined(separator: ".")
    }
}
