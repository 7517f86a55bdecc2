import ArgumentParser
import ServeCore

/// `--listen HOST:PORT` (`[::1]:PORT` for IPv6; port 0 picks a free one).
struct ListenAddress: ExpressibleByArgument, Sendable {
    let host: String
    let port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(argument: String) {
        guard let colon = argument.lastIndex(of: ":"), let port = Int(argument[argument.index(after: colon)...]),
            (0...65_535).contains(port)
        else { return nil }
        var host = String(argument[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }

    /// As `--help` shows the default: the way it is typed.
    var defaultValueDescription: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Whether only this machine can connect.
    var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static let standard = ListenAddress(host: "127.0.0.1", port: 7070)
}
