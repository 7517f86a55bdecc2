/// How much work one extraction may do, so that a hostile page ends quickly, in bounded memory, with an
/// ``ExtractionProblem`` instead of a hang or a crash.
///
/// The defaults admit every real page seen in testing (the largest of Mozilla Readability's test pages is
/// 1.6 MB with 30,000 elements) with a wide margin.
public struct ExtractionLimits: Sendable, Hashable {
    /// The largest page accepted, in bytes as received.
    public var maxInputBytes: Int
    /// The most elements a page may hold, counted by a scan of the markup before it is parsed.
    public var maxElements: Int
    /// The deepest nesting accepted, estimated by the same scan (unclosed paragraphs and list items closing
    /// themselves as HTML says). Real pages nest a few dozen levels; the cleaning of a result walks each
    /// block's subtree, so its cost grows with the square of the depth.
    public var maxDepth: Int
    /// The most memory the HTML parser may hold at once, in bytes.
    public var maxParserMemory: Int
    /// The longest an extraction may take, parsing included.
    public var timeLimit: Duration

    /// Limits for one page.
    ///
    /// - Parameters:
    ///   - maxInputBytes: the largest page accepted, in bytes.
    ///   - maxElements: the most elements a page may hold.
    ///   - maxDepth: the deepest nesting accepted.
    ///   - maxParserMemory: the most memory the parser may hold, in bytes.
    ///   - timeLimit: the longest an extraction may take.
    public init(
        maxInputBytes: Int = 10 << 20,
        maxElements: Int = 250_000,
        maxDepth: Int = 2_000,
        maxParserMemory: Int = 256 << 20,
        timeLimit: Duration = .seconds(5)
    ) {
        self.maxInputBytes = maxInputBytes
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxParserMemory = maxParserMemory
        self.timeLimit = timeLimit
    }

    /// The defaults: 10 MiB of markup, 250,000 elements, 2,000 levels, 256 MiB for the parser, 5 seconds.
    public static let `default` = ExtractionLimits()
}
