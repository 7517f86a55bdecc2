import ArgumentParser
import RssCore
import ServeCore

/// `--allow-private NETWORK`: a CIDR network, or `all` for every address.
struct PrivateNetworkArgument: ExpressibleByArgument, Sendable {
    let networks: [IPNetwork]

    init?(argument: String) {
        if argument == "all" {
            networks = IPNetwork.everyAddress
        } else if let network = IPNetwork(argument) {
            networks = [network]
        } else {
            return nil
        }
    }
}
