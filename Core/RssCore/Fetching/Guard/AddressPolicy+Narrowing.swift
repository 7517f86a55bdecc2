extension AddressPolicy {
    /// What both this policy and `other` allow: the one that restricts when the other does not; when both do,
    /// the public web and the networks each allows that the other allows too.
    func narrowed(by other: AddressPolicy) -> AddressPolicy {
        if isUnrestricted { return other }
        if other.isUnrestricted { return self }
        var networks: [IPNetwork] = []
        for network in allowedNetworks + other.allowedNetworks where !networks.contains(network) {
            let inSelf = allowedNetworks.contains { $0.contains(network: network) }
            let inOther = other.allowedNetworks.contains { $0.contains(network: network) }
            if inSelf && inOther { networks.append(network) }
        }
        return .publicWeb(allowing: networks)
    }
}

extension IPNetwork {
    /// Whether every address of `network` is in this one.
    func contains(network: IPNetwork) -> Bool {
        prefixLength <= network.prefixLength && contains(network.address)
    }
}
