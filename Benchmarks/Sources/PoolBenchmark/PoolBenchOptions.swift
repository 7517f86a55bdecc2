/// The command line of `pool-bench`.
struct PoolBenchOptions: Sendable {
    /// What this process does.
    enum Mode: String, Sendable {
        /// Makes the libraries (each following its feeds, fetched once) in `--dir`.
        case prepare
        /// Copies the prepared libraries and measures refresh cycles, memory and first answers.
        case run
        /// The feed server, in a child process (its CPU is not ours).
        case serve
    }

    var mode = Mode.run
    var directory = ""
    var libraries = 200
    var follows = 50
    var feeds = 1_000
    var items = 20
    var hosts = 50
    var latency = Duration.milliseconds(20)
    var cycles = 3
    var maximumOpen = 20
    /// How long a library nobody uses stays open.
    var idleSeconds = 2
    var seed: UInt64 = 20_261_128
    /// The feed servers listen on 127.0.0.1… at this port, so that the libraries a run copies find them again.
    var port = 18_610
    /// Closed libraries whose first answer is timed.
    var firstAnswers = 40

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments[...]
        func number() -> Int {
            guard let text = arguments.popFirst(), let value = Int(text), value >= 0 else {
                fatalError("expected a number after an option")
            }
            return value
        }
        if let first = arguments.first, let mode = Mode(rawValue: first) {
            self.mode = mode
            arguments = arguments.dropFirst()
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--dir": directory = arguments.popFirst() ?? ""
            case "--libraries": libraries = max(1, number())
            case "--follows": follows = max(1, number())
            case "--feeds": feeds = max(1, number())
            case "--items": items = number()
            case "--hosts": hosts = min(250, max(1, number()))
            case "--latency-ms": latency = .milliseconds(number())
            case "--cycles": cycles = max(1, number())
            case "--open": maximumOpen = max(1, number())
            case "--idle-seconds": idleSeconds = max(1, number())
            case "--seed": seed = UInt64(number())
            case "--port": port = number()
            case "--first-answers": firstAnswers = number()
            default: fatalError("unknown option \(argument)")
            }
        }
    }

    /// The options the server process needs.
    var serverArguments: [String] {
        [
            "serve", "--feeds", "\(feeds)", "--items", "\(items)", "--hosts", "\(hosts)", "--latency-ms",
            "\(latency.milliseconds)", "--port", "\(port)",
        ]
    }
}

extension Duration {
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
