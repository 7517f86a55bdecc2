import Foundation

/// Measured values of one quantity over the runs, printed as the median and the range (min–max).
struct Series {
    let name: String
    let unit: String
    /// The issue's target, or "-".
    let target: String
    var values: [Double] = []

    var median: Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
    var range: String { String(format: "%.1f–%.1f", values.min() ?? .nan, values.max() ?? .nan) }

    /// One line: the median, the target, then the range over the runs.
    var line: String {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        return "\(padded) \(String(format: "%8.1f", median)) \(unit)   (target \(target))   range \(range)"
    }

    /// A tab-separated record a parent process reads back (see ``init(record:)``).
    var record: String {
        ([name, unit, target] + values.map { String($0) }).joined(separator: "\t")
    }

    init(_ name: String, unit: String = "ms", target: String = "-") {
        self.name = name
        self.unit = unit
        self.target = target
    }

    init?(record: Substring) {
        let fields = record.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3 else { return nil }
        self.init(fields[0], unit: fields[1], target: fields[2])
        values = fields.dropFirst(3).compactMap(Double.init)
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) * 1e-15
}

/// This process's resident memory in MB (`VmRSS`).
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return .nan }
    return kilobytes / 1_024
}

/// User + system CPU time of this process so far, in milliseconds (every thread).
func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1_000 + Double(time.tv_usec) / 1_000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// Runs `work` once: its result and its time in milliseconds.
func timed<T>(_ work: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let result = try await work()
    return (result, milliseconds(ContinuousClock.now - start))
}

/// Runs this executable again (or `executable`) with `arguments`; returns its standard output. Stops the
/// benchmark when it fails.
func runChild(_ arguments: [String], executable: String? = nil) throws -> String {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: executable ?? CommandLine.arguments[0]).standardizedFileURL
    child.arguments = arguments
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    guard child.terminationStatus == 0 else { fatalError("rsscore-bench \(arguments.joined(separator: " ")) failed") }
    return String(decoding: data, as: UTF8.self)
}

/// A folder for this run's databases, removed at exit by the caller.
func benchmarkFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rsscore-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Fills a database of `articles` articles in `sources` sources in a child process (so that the filler's
/// memory is not the reader's); returns how long it took in milliseconds.
func fill(_ url: URL, articles: Int, sources: Int) throws -> Double {
    let start = ContinuousClock.now
    _ = try runChild(["fill", url.path, String(articles), String(sources)])
    return milliseconds(ContinuousClock.now - start)
}
