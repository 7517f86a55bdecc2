/// The command line of `fetch-bench`.
struct BenchOptions: Sendable {
    var feeds = 500
    var items = 20
    var latency = Duration.milliseconds(20)
    var latency304 = Duration.milliseconds(20)
    var hosts = 10
    var concurrency = 8
    var perHost = 2
    var parse = true
    var serve = false

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments[...]
        func number() -> Int {
            guard let text = arguments.popFirst(), let value = Int(text), value >= 0 else {
                fatalError("expected a number after an option")
            }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--feeds": feeds = max(1, number())
            case "--items": items = number()
            case "--latency-ms": latency = .milliseconds(number())
            case "--latency-304-ms": latency304 = .milliseconds(number())
            case "--hosts": hosts = min(250, max(1, number()))
            case "--concurrency": concurrency = max(1, number())
            case "--per-host": perHost = max(1, number())
            case "--no-parse": parse = false
            case "--serve": serve = true
            default: fatalError("unknown option \(argument)")
            }
        }
    }

    /// The options again, for the server process.
    var arguments: [String] {
        [
            "--feeds", "\(feeds)", "--items", "\(items)", "--latency-ms", "\(latency.milliseconds)",
            "--latency-304-ms", "\(latency304.milliseconds)", "--hosts", "\(hosts)",
        ]
    }
}

extension Duration {
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
