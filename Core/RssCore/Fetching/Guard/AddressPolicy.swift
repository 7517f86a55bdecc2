import Foundation

/// Which addresses a source's fetches may reach: everything, for the sources the machine's owner adds in their
/// own programs; or only the public web, for sources someone else added through a server (``AddSource``,
/// ``DiscoverFeeds`` and ``ImportOPML`` take one).
///
/// A source keeps the policy it was added under, and every program that fetches it applies it (a REPL refreshing
/// a source added through `rss-serve` too). Under ``publicWeb(allowing:)`` only `http` and `https` are fetched,
/// never a `file:` URL, and every connection, to the address itself, to the pages discovery reads and to every
/// redirect, is checked on the address actually connected to: the host name is resolved once and the
/// connection made to the address that was checked, so a name that resolves to a public address when checked
/// and a private one when connecting (DNS rebinding) cannot get round it. Loopback, private, link-local,
/// unique-local, unspecified, multicast and reserved addresses are refused (``AddressKind``), unless the
/// policy allows the network they are in.
public struct AddressPolicy: Sendable, Equatable, Hashable, Codable {
    /// Whether every scheme RssCore fetches and every address is allowed.
    let isUnrestricted: Bool
    /// Networks allowed besides the public ones, under the public-web policy.
    let allowedNetworks: [IPNetwork]

    /// Every scheme RssCore fetches (`file`, `http`, `https`) and every address: the owner's own programs.
    public static let unrestricted = AddressPolicy(isUnrestricted: true, allowedNetworks: [])

    /// `http` and `https` to public addresses only, and to the addresses in `networks` (an owner who lets a
    /// server reach a feed on their own network: `10.0.0.0/8`; ``IPNetwork/everyAddress`` for all of them).
    public static func publicWeb(allowing networks: [IPNetwork] = []) -> AddressPolicy {
        AddressPolicy(isUnrestricted: false, allowedNetworks: networks)
    }

    /// Whether `file:` URLs may be read.
    var allowsFiles: Bool { isUnrestricted }

    /// Whether connections need no check: unrestricted, or every network allowed.
    var allowsEveryAddress: Bool {
        isUnrestricted || allowedNetworks.contains(.everyIPv4) && allowedNetworks.contains(.everyIPv6)
    }

    /// Why a connection to `address` is refused, or nil when it is allowed.
    func refusal(of address: IPAddress) -> AddressKind? {
        if isUnrestricted { return nil }
        guard let kind = address.kind else { return nil }
        return allowedNetworks.contains { $0.contains(address) } ? nil : kind
    }
}

/// A network in CIDR notation: `10.0.0.0/8`, `192.168.1.7/32`, `fd00::/8`.
public struct IPNetwork: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// The network's first address.
    let address: IPAddress
    /// How many leading bits are fixed.
    let prefixLength: Int

    /// Reads `text` as `ADDRESS/LENGTH` (or an address alone, a network of one); nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(String(parts[0])) else { return nil }
        let maximum = address.bytes.count * 8
        let length = parts.count == 2 ? Int(parts[1]) : maximum
        guard let length, (0...maximum).contains(length) else { return nil }
        self.address = address.masked(to: length)
        prefixLength = length
    }

    /// Every IPv4 address, `0.0.0.0/0`.
    static let everyIPv4 = IPNetwork("0.0.0.0/0")!
    /// Every IPv6 address, `::/0`.
    static let everyIPv6 = IPNetwork("::/0")!
    /// Every address of both families.
    public static let everyAddress = [everyIPv4, everyIPv6]

    /// Whether `candidate` is in the network (an IPv4 address mapped into IPv6 counts as the IPv4 one).
    func contains(_ candidate: IPAddress) -> Bool {
        let candidate = candidate.unmapped
        guard candidate.bytes.count == address.bytes.count else { return false }
        return candidate.masked(to: prefixLength) == address
    }

    /// `ADDRESS/LENGTH`.
    public var description: String { "\(address)/\(prefixLength)" }

    /// Decodes the CIDR text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let network = IPNetwork(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a network: \(text)"))
        }
        self = network
    }

    /// Encodes the CIDR text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension AddressPolicy {
    /// The policy of a source as stored: NULL for ``unrestricted``, else JSON.
    init(stored text: String?) {
        guard let text, let policy = try? JSONDecoder().decode(AddressPolicy.self, from: Data(text.utf8)) else {
            // NULL is the owner's policy; a value this version cannot read is the strictest one.
            self = text == nil ? .unrestricted : .publicWeb()
            return
        }
        self = policy
    }

    /// The stored form (see ``init(stored:)``).
    var storedText: String? {
        guard self != .unrestricted, let data = try? JSONEncoder().encode(self) else { return nil }  // encoding a struct of strings cannot fail
        return String(decoding: data, as: UTF8.self)
    }
}
