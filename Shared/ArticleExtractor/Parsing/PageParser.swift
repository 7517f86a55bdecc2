import CGumbo
import Foundation

/// Parses a page's UTF-8 with Gumbo within the limits, on a thread of its own, into a ``Document``.
///
/// The thread has a stack of ``stackSize``: Gumbo itself recurses only where it drops a subtree (a `<frameset>`
/// replacing a body that holds only elements), which the depth limit bounds to far less than that, and the
/// caller may be on a small-stack thread (a task of Swift's concurrency pool). All memory Gumbo takes is
/// counted and freed at once by the allocator of `CGumbo`, whatever way the parse ends.
enum PageParser {
    /// A parsed page: its tree and the JSON-LD scripts it held.
    struct Parsed {
        var document: Document
        var jsonLD: [String]
    }

    /// The parser thread's stack: 16 MiB, reserved, only touched in part.
    static let stackSize = 16 << 20

    /// Parses `utf8`, whose stand-ins stand for the values in `standIns`.
    static func parse(_ utf8: [UInt8], standIns: StandIns, limits: ExtractionLimits, budget: WorkBudget) throws(ExtractionProblem) -> Parsed {
        let job = ParseJob(utf8: utf8, standIns: standIns, limits: limits, budget: budget)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            job.run()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return try job.result.get()
    }
}

/// One parse, handed to the parser thread and read back once it signalled (never shared while it runs).
private final class ParseJob: @unchecked Sendable {
    let utf8: [UInt8]
    let standIns: StandIns
    let limits: ExtractionLimits
    let budget: WorkBudget
    var result: Result<PageParser.Parsed, ExtractionProblem> = .failure(.noContent)

    init(utf8: [UInt8], standIns: StandIns, limits: ExtractionLimits, budget: WorkBudget) {
        self.utf8 = utf8
        self.standIns = standIns
        self.limits = limits
        self.budget = budget
    }

    func run() {
        let state = UnsafeMutablePointer<cgumbo_parse>.allocate(capacity: 1)
        defer {
            cgumbo_parse_release(state)
            state.deallocate()
        }
        let seconds = budget.remaining
        cgumbo_parse_init(state, limits.maxParserMemory, Double(seconds.components.seconds) + Double(seconds.components.attoseconds) / 1e18)
        let output = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cgumbo_parse_bounded(state, chars.baseAddress, chars.count)
            }
        }
        guard let output else {
            switch state.pointee.status {
            case CGUMBO_OVER_TIME: result = .failure(.timeLimitExceeded(limit: limits.timeLimit))
            // One of Gumbo's own checks failed on the markup: nothing could be read of it.
            case CGUMBO_FAILED: result = .failure(.noContent)
            default: result = .failure(.parserMemoryExceeded(limit: limits.maxParserMemory))
            }
            return
        }
        var builder = DocumentBuilder(budget: budget, standIns: standIns)
        builder.build(from: UnsafePointer(output.pointee.document))
        result = .success(PageParser.Parsed(document: builder.document, jsonLD: builder.jsonLD))
    }
}
