import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The feed server, as a child process of this one: started with `serve`, asked over HTTP for a new edition and
/// for its counts, stopped by closing its standard input.
struct FeedServerProcess {
    let process: Process
    let input: Pipe
    let options: PoolBenchOptions

    init(_ options: PoolBenchOptions) throws {
        self.options = options
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = options.serverArguments
        let output = Pipe()
        input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line += byte
        }
        guard line.starts(with: Data("PORTS".utf8)) else { fatalError("the feed server did not start") }
    }

    /// The address of feed `number`: spread over the loopback hosts, as feeds are over servers.
    func url(_ number: Int) -> URL {
        URL(string: "http://127.0.0.\(number % options.hosts + 1):\(options.port)/feed/\(number)")!
    }

    /// Starts a new edition of every feed, and a new count.
    func nextEdition() async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(options.port)/next")!)
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }

    /// The answers since the edition began: 200s and 304s.
    func stats() async throws -> (Int, Int) {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(options.port)/stats")!)
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (numbers.first ?? 0, numbers.dropFirst().first ?? 0)
    }

    func stop() {
        try? input.fileHandleForWriting.close()  // the server ends when its input closes
        process.waitUntilExit()
    }
}
