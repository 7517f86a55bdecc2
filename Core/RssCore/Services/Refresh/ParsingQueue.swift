import Dispatch

/// Where a refresh parses feeds: threads of its own, not the cooperative pool that async code shares.
///
/// Parsing is long, synchronous CPU work (a feed of 100,000 items takes seconds). On the cooperative pool,
/// which has one thread per core, two such parses stopped every other task, including the ones reading the
/// other fetches' bodies, whose servers then seemed to time out. On these threads the parse takes its share
/// of the CPU and the fetches around it go on.
enum ParsingQueue {
    private static let queue = DispatchQueue(label: "RssCore.parsing", qos: .utility, attributes: .concurrent)

    /// Runs `work` on the parsing threads and returns its result.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
